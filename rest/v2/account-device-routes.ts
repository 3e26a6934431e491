/**
 * /api/v2/account/devices: the signed-in account's linked devices (Session;
 * core refuses other callers). A DELETE with the cookie must come from a page
 * of this service (the session credential's CSRF rule).
 */
import { Router } from 'express';
import { listAccountDevices, unlinkAccountDevice } from '../../core/operations.ts';
import type { Runtime } from '../../core/runtime.ts';
import { authenticate } from '../../http/credentials/authenticate.ts';
import { restAdapter } from '../rest-handler.ts';

export function createAccountDeviceRouter(runtime: Runtime): Router {
  const rest = restAdapter(runtime);
  const auth = authenticate(runtime);
  const r = Router();
  r.get('/api/v2/account/devices', auth, rest(listAccountDevices, () => ({})));
  r.delete('/api/v2/account/devices/:deviceId', auth, rest(unlinkAccountDevice, (req) => ({ device_id: req.params.deviceId })));
  return r;
}
