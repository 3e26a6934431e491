/** /api/v2/api-keys: a session's or a linked device's API keys (core refuses anyone else). */
import { z } from 'zod';
import { CreateApiKeyInput, CreatedApiKey } from '../../core/keys/issue-api-key.ts';
import { ApiKeyList } from '../../core/keys/list-api-keys.ts';
import { createApiKeyOperation, listApiKeysOperation, revokeApiKeyOperation } from '../../core/operations.ts';
import type { Route } from '../../http/route.ts';
import { defineRoute } from '../define-route.ts';
import { SESSION_OR_DEVICE } from '../route-auth.ts';

const json = (schema: z.ZodType) => ({ 'application/json': { schema } });
const ok = (description: string, schema: z.ZodType) => ({ description, content: json(schema) });

/** The API key routes. */
export const API_KEY_ROUTES = [
  defineRoute({
    method: 'get', path: '/api/v2/api-keys', auth: SESSION_OR_DEVICE, operation: listApiKeysOperation, rpc: 'keys.list', statuses: [401, 403, 409, 429],
    mapRequest: () => ({}),
    openapi: { operationId: 'list_api_keys', tag: 'account', success: 200, ok: ok('The keys, without secrets.', ApiKeyList) },
  }),
  defineRoute({
    method: 'post', path: '/api/v2/api-keys', auth: SESSION_OR_DEVICE, operation: createApiKeyOperation, rpc: 'keys.create', statuses: [400, 401, 403, 404, 409, 413, 429],
    mapRequest: (req) => req.body ?? {},
    reply: (res, out) => void res.status(201).json(out),
    openapi: {
      operationId: 'create_api_key', tag: 'account', success: 201, ok: ok('Created; the secret is shown this once.', CreatedApiKey),
      request: { requestBody: { required: true, content: json(CreateApiKeyInput) } },
    },
  }),
  defineRoute({
    method: 'delete', path: '/api/v2/api-keys/{keyId}', auth: SESSION_OR_DEVICE, operation: revokeApiKeyOperation, rpc: 'keys.revoke', statuses: [401, 403, 404, 409, 429],
    mapRequest: (req) => ({ key_id: req.params.keyId }),
    reply: (res) => void res.status(204).end(),
    openapi: {
      operationId: 'revoke_api_key', tag: 'account', success: 204, ok: { description: 'Revoked; the next request with the key is 401.' },
      request: { requestParams: { path: z.object({ keyId: z.uuid().meta({ param: { description: 'The id of the key.' } }) }) } },
    },
  }),
] as const satisfies readonly Route[];
