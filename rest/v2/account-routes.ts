/**
 * A device's link to an account, device-signed (the v1 signing scheme):
 * GET /api/v2/account, POST /api/v2/account/link/start, POST
 * /api/v2/account/unlink, and POST /api/v2/account/link/attach, which also
 * needs the web session. Authentication is attached per route: the router is
 * mounted at the root.
 */
import { Router } from 'express';
import { attachDevice, getAccountLink, startDeviceLink, unlinkFromAccount } from '../../core/operations.ts';
import type { Runtime } from '../../core/runtime.ts';
import { deviceAndSession, sessionTokenOf } from '../../http/credentials/device-and-session.ts';
import { deviceAuth } from '../../http/credentials/device-signature.ts';
import { publicOriginOf } from '../../http/public-origin.ts';
import { restAdapter } from '../rest-handler.ts';

export function createAccountRouter(runtime: Runtime): Router {
  const rest = restAdapter(runtime);
  const signed = deviceAuth(runtime);
  const r = Router();
  r.get('/api/v2/account', signed, rest(getAccountLink, () => ({})));
  r.post('/api/v2/account/link/start', signed, rest(startDeviceLink, (req) => ({ origin: publicOriginOf(req, runtime.config) })));
  r.post('/api/v2/account/link/attach', deviceAndSession(runtime), rest(attachDevice, (req) => ({ session_token: sessionTokenOf(req) })));
  r.post('/api/v2/account/unlink', signed, rest(unlinkFromAccount, () => ({})));
  return r;
}
