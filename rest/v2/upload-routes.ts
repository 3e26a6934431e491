/**
 * Ticketed uploads of a linked device: POST /api/v2/jobs/upload-ticket
 * (device-signed) mints a ticket; POST /api/v2/jobs/upload spends it on one
 * multipart upload, streamed under the ticket's byte cap. Mounted before the
 * jobs router, whose API-key guard covers the rest of /api/v2/jobs.
 */
import { Router } from 'express';
import { createJobFromTicket, createUploadTicket } from '../../core/operations.ts';
import type { Runtime } from '../../core/runtime.ts';
import { deviceAuth } from '../../http/credentials/device-signature.ts';
import { uploadTicketAuth } from '../../http/credentials/upload-ticket.ts';
import { rateGate } from '../../http/rate-gate.ts';
import { restAdapter } from '../rest-handler.ts';
import { multipartInput } from './create-job-input.ts';
import { replyCreated } from './replies.ts';

export function createUploadRouter(runtime: Runtime): Router {
  const rest = restAdapter(runtime);
  const r = Router();
  r.post('/api/v2/jobs/upload-ticket', deviceAuth(runtime), rest(createUploadTicket, () => ({})));
  // A caller already out of budget is refused before its file is read.
  r.post('/api/v2/jobs/upload', uploadTicketAuth(runtime), rateGate(runtime), rest(createJobFromTicket, multipartInput(runtime), replyCreated));
  return r;
}
