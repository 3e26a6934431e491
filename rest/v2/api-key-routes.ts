/** /api/v2/api-keys: a session's or a linked device's API keys (core refuses anyone else). */
import { Router } from 'express';
import { createApiKeyOperation, listApiKeysOperation, revokeApiKeyOperation } from '../../core/operations.ts';
import type { Runtime } from '../../core/runtime.ts';
import { sessionOrLinkedDevice } from '../../http/credentials/session-or-device.ts';
import { restAdapter } from '../rest-handler.ts';

export function createApiKeyRouter(runtime: Runtime): Router {
  const rest = restAdapter(runtime);
  const auth = sessionOrLinkedDevice(runtime);
  const r = Router();
  r.get('/api/v2/api-keys', auth, rest(listApiKeysOperation, () => ({})));
  r.post('/api/v2/api-keys', auth, rest(createApiKeyOperation, (req) => req.body ?? {}, (res, out) => void res.status(201).json(out)));
  r.delete('/api/v2/api-keys/:keyId', auth, rest(revokeApiKeyOperation, (req) => ({ key_id: req.params.keyId }), (res) => void res.status(204).end()));
  return r;
}
