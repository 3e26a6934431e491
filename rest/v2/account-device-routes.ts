/**
 * /api/v2/account/devices: the signed-in account's linked devices (Session;
 * core refuses other callers). A DELETE with the cookie must come from a page
 * of this service (the session credential's CSRF rule).
 */
import { z } from 'zod';
import { AccountDevices } from '../../core/devices/account/list-account-devices.ts';
import { UnlinkedDevice } from '../../core/devices/account/unlink-account-device.ts';
import { listAccountDevices, unlinkAccountDevice } from '../../core/operations.ts';
import type { Route } from '../../http/route.ts';
import { defineRoute } from '../define-route.ts';

const ok = (description: string, schema: z.ZodType) => ({ description, content: { 'application/json': { schema } } });

/** List and unlink the account's devices. */
export const ACCOUNT_DEVICE_ROUTES = [
  defineRoute({
    method: 'get', path: '/api/v2/account/devices', auth: 'Session', operation: listAccountDevices, rpc: 'devices.list', statuses: [401, 403, 429],
    mapRequest: () => ({}),
    openapi: { operationId: 'list_account_devices', tag: 'account', success: 200, ok: ok('The devices linked to the account.', AccountDevices) },
  }),
  defineRoute({
    method: 'delete', path: '/api/v2/account/devices/{device_id}', auth: 'Session', operation: unlinkAccountDevice, rpc: 'devices.unlink', statuses: [401, 403, 404, 429],
    mapRequest: (req) => ({ device_id: req.params.device_id }),
    openapi: {
      operationId: 'unlink_account_device', tag: 'account', success: 200,
      ok: ok('Unlinked; the API keys it created are revoked.', UnlinkedDevice),
      request: { requestParams: { path: z.object({ device_id: z.uuid().meta({ param: { description: 'The id of the device.' } }) }) } },
    },
  }),
] as const satisfies readonly Route[];
