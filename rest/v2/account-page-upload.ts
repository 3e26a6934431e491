import { Router } from 'express';
import type { Services } from '../../core/context.ts';
import { createJobFromAccountPage } from '../../core/operations.ts';
import { authenticate } from '../../http/credentials/authenticate.ts';
import { sessionCookie } from '../../http/credentials/session-cookie.ts';
import { rateGate } from '../../http/rate-gate.ts';
import { restAdapter } from '../rest-handler.ts';
import { multipartInput } from './create-job-input.ts';
import { replyCreated } from './replies.ts';

export const ACCOUNT_PAGE_UPLOAD_PATH = '/api/v2/account/jobs';

/**
 * POST /api/v2/account/jobs: the account page's drop zone (session cookie
 * only; the cookie's same-origin rule applies). Authentication and a caller
 * out of budget are refused before the body is read.
 */
export function createAccountPageUploadRouter(services: Services): Router {
  const rest = restAdapter(services);
  const r = Router();
  r.post(
    ACCOUNT_PAGE_UPLOAD_PATH,
    authenticate(services, [sessionCookie]),
    rateGate(services),
    rest(createJobFromAccountPage, multipartInput(services), replyCreated),
  );
  return r;
}
