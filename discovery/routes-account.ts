/**
 * The account rows of the route table: a device's link to an account
 * (device-signed; attach also needs the web session), API keys (a session or
 * a linked device) and ticketed uploads. Schemas are the operations' own.
 */
import { z } from 'zod';
import { AccountDevices } from '../core/devices/account/list-account-devices.ts';
import { UnlinkedDevice } from '../core/devices/account/unlink-account-device.ts';
import { LinkStatus } from '../core/devices/link/link-status.ts';
import { LinkStart } from '../core/devices/link/start-device-link.ts';
import { JobFields } from '../core/jobs/job-schema.ts';
import { UploadTicket } from '../core/jobs/tickets/create-upload-ticket.ts';
import { CreateApiKeyInput, CreatedApiKey } from '../core/keys/issue-api-key.ts';
import { ApiKeyList } from '../core/keys/list-api-keys.ts';
import {
  attachDevice,
  createApiKeyOperation,
  createJobFromTicket,
  createUploadTicket,
  getAccountLink,
  listAccountDevices,
  listApiKeysOperation,
  revokeApiKeyOperation,
  unlinkAccountDevice,
  startDeviceLink,
  unlinkFromAccount,
} from '../core/operations.ts';
import { NAMED_SCHEMAS } from './openapi-components.ts';
import type { RouteSpec } from './route-spec.ts';

const json = (schema: z.ZodType) => ({ 'application/json': { schema } });
const ok = (description: string, schema: z.ZodType) => ({ description, content: json(schema) });
// A signed request can also be refused as blocked (403) or as a replayed nonce (409).
const signed = { tag: 'account', auth: 'DeviceToken', success: 200 } as const;
const SESSION_OR_DEVICE = [['Session'], ['DeviceToken']] as const;

const TicketUpload = z
  .object({
    file_name: JobFields.file_name,
    external_id: JobFields.external_id,
    tags: JobFields.tags,
    file: z.file().mime('application/pdf').describe('The PDF.'),
  })
  .describe("Fields first, then the part named `file`, streamed into storage as it arrives; past the ticket's max_bytes: 413.");

/** The account rows of the route table. */
export const ACCOUNT_ROUTES: readonly RouteSpec[] = [
  {
    ...signed, method: 'get', path: '/api/v2/account', operations: [getAccountLink], operationId: 'get_account_link',
    ok: ok('Link status.', LinkStatus), errors: [401, 403, 409, 429],
  },
  {
    ...signed, method: 'post', path: '/api/v2/account/link/start', operations: [startDeviceLink], operationId: 'start_device_link',
    ok: ok('Where to sign in; the one-time ticket in it is bound to this device.', LinkStart), errors: [401, 403, 409, 429, 503],
  },
  {
    ...signed, auth: [['DeviceToken', 'Session']], method: 'post', path: '/api/v2/account/link/attach', operations: [attachDevice],
    operationId: 'attach_device',
    description: `${attachDevice.description}\n\nThe request is device-signed and carries the session cookie; without either it is 401.`,
    ok: ok('Linked.', LinkStatus), errors: [401, 403, 409, 429],
  },
  {
    ...signed, method: 'post', path: '/api/v2/account/unlink', operations: [unlinkFromAccount], operationId: 'unlink_device',
    ok: ok('Unlinked.', LinkStatus), errors: [401, 403, 409, 429],
  },
  {
    tag: 'account', auth: 'Session', method: 'get', path: '/api/v2/account/devices', operations: [listAccountDevices],
    operationId: 'list_account_devices', success: 200, ok: ok('The devices linked to the account.', AccountDevices), errors: [401, 403, 429],
  },
  {
    tag: 'account', auth: 'Session', method: 'delete', path: '/api/v2/account/devices/{device_id}', operations: [unlinkAccountDevice],
    operationId: 'unlink_account_device', success: 200, ok: ok('Unlinked; the API keys it created are revoked.', UnlinkedDevice),
    errors: [401, 403, 404, 429],
    request: { requestParams: { path: z.object({ device_id: z.uuid().meta({ param: { description: 'The id of the device.' } }) }) } },
  },
  {
    tag: 'account', auth: SESSION_OR_DEVICE, method: 'get', path: '/api/v2/api-keys', operations: [listApiKeysOperation],
    operationId: 'list_api_keys', success: 200, ok: ok('The keys, without secrets.', ApiKeyList), errors: [401, 403, 409, 429],
  },
  {
    tag: 'account', auth: SESSION_OR_DEVICE, method: 'post', path: '/api/v2/api-keys', operations: [createApiKeyOperation],
    operationId: 'create_api_key', success: 201, ok: ok('Created; the secret is shown this once.', CreatedApiKey),
    errors: [400, 401, 403, 409, 413, 429], request: { requestBody: { required: true, content: json(CreateApiKeyInput) } },
  },
  {
    tag: 'account', auth: SESSION_OR_DEVICE, method: 'delete', path: '/api/v2/api-keys/{keyId}', operations: [revokeApiKeyOperation],
    operationId: 'revoke_api_key', success: 204, ok: { description: 'Revoked; the next request with the key is 401.' },
    errors: [401, 403, 404, 409, 429],
    request: { requestParams: { path: z.object({ keyId: z.uuid().meta({ param: { description: 'The id of the key.' } }) }) } },
  },
  {
    ...signed, tag: 'jobs', method: 'post', path: '/api/v2/jobs/upload-ticket', operations: [createUploadTicket],
    operationId: 'create_upload_ticket', ok: ok('A ticket (eligible true), or why there is none (eligible false).', UploadTicket),
    errors: [401, 403, 409, 429],
  },
  {
    tag: 'jobs', auth: 'UploadTicket', method: 'post', path: '/api/v2/jobs/upload', operations: [createJobFromTicket],
    operationId: 'create_job_from_ticket', success: 201,
    ok: {
      description: 'Created (owner_type account_device). Location names the job.',
      headers: z.object({ Location: z.string().meta({ description: 'Path of the new job.' }) }),
      content: json(NAMED_SCHEMAS.Job),
    },
    alsoOk: { 200: { description: "The job this ticket's upload created earlier (a repeat).", content: json(NAMED_SCHEMAS.Job) } },
    errors: [400, 401, 409, 413, 429],
    request: { requestBody: { required: true, content: { 'multipart/form-data': { schema: TicketUpload, encoding: { file: { contentType: 'application/pdf' } } } } } },
  },
];
