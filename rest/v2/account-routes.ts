/**
 * A device's link to an account, device-signed (the v1 signing scheme):
 * GET /api/v2/account, POST /api/v2/account/link/start, POST
 * /api/v2/account/unlink, and POST /api/v2/account/link/attach, which also
 * needs the web session; and the ticketed uploads of a linked device: POST
 * /api/v2/jobs/upload-ticket mints a ticket, POST /api/v2/jobs/upload spends
 * it on one multipart upload, streamed under the ticket's byte cap.
 */
import { z } from 'zod';
import { LinkStatus } from '../../core/devices/link/link-status.ts';
import { LinkStart } from '../../core/devices/link/start-device-link.ts';
import { JobFields } from '../../core/jobs/job-schema.ts';
import { UploadTicket } from '../../core/jobs/tickets/create-upload-ticket.ts';
import { attachDevice, createJobFromTicket, createUploadTicket, getAccountLink, startDeviceLink, unlinkFromAccount } from '../../core/operations.ts';
import { sessionTokensOf } from '../../http/credentials/device-and-session.ts';
import { NAMED_SCHEMAS } from '../../http/openapi-components.ts';
import { publicOriginOf } from '../../http/public-origin.ts';
import { rateGate } from '../../http/rate-gate.ts';
import type { Route } from '../../http/route.ts';
import { defineRoute } from '../define-route.ts';
import { multipartInput } from './create-job-input.ts';
import { replyCreated } from './replies.ts';

const json = (schema: z.ZodType) => ({ 'application/json': { schema } });
const ok = (description: string, schema: z.ZodType) => ({ description, content: json(schema) });
const none = () => ({});

const TicketUpload = z
  .object({
    file_name: JobFields.file_name,
    external_id: JobFields.external_id,
    tags: JobFields.tags,
    file: z.file().mime('application/pdf').describe('The PDF.'),
  })
  .describe("Fields first, then the part named `file`, streamed into storage as it arrives; past the ticket's max_bytes: 413.");

/** The device-link routes. */
export const DEVICE_LINK_ROUTES: readonly Route[] = [
  defineRoute({
    method: 'get', path: '/api/v2/account', auth: 'DeviceToken', operation: getAccountLink, statuses: [401, 403, 409, 429], mapRequest: none,
    openapi: { operationId: 'get_account_link', tag: 'account', success: 200, ok: ok('Link status.', LinkStatus) },
  }),
  defineRoute({
    method: 'post', path: '/api/v2/account/link/start', auth: 'DeviceToken', operation: startDeviceLink, statuses: [401, 403, 409, 429, 503],
    mapRequest: (req, services) => ({ origin: publicOriginOf(req, services.config) }),
    openapi: {
      operationId: 'start_device_link', tag: 'account', success: 200,
      ok: ok('Where to sign in; the one-time ticket in it is bound to this device.', LinkStart),
    },
  }),
  defineRoute({
    method: 'post', path: '/api/v2/account/link/attach', auth: [['DeviceToken', 'Session']], operation: attachDevice, statuses: [401, 403, 404, 409, 429],
    mapRequest: (req) => ({ session_tokens: sessionTokensOf(req) }),
    openapi: {
      operationId: 'attach_device', tag: 'account', success: 200,
      description: `${attachDevice.description}\n\nThe request is device-signed and carries the session cookie; without either it is 401.`,
      ok: ok('Linked.', LinkStatus),
    },
  }),
  defineRoute({
    method: 'post', path: '/api/v2/account/unlink', auth: 'DeviceToken', operation: unlinkFromAccount, statuses: [401, 403, 409, 429], mapRequest: none,
    openapi: { operationId: 'unlink_device', tag: 'account', success: 200, ok: ok('Unlinked.', LinkStatus) },
  }),
];

/** The ticketed-upload routes of a linked device. */
export const UPLOAD_ROUTES: readonly Route[] = [
  defineRoute({
    method: 'post', path: '/api/v2/jobs/upload-ticket', auth: 'DeviceToken', operation: createUploadTicket, statuses: [401, 403, 409, 429],
    mapRequest: none,
    openapi: {
      operationId: 'create_upload_ticket', tag: 'jobs', success: 200,
      ok: ok('A ticket (eligible true), or why there is none (eligible false).', UploadTicket),
    },
  }),
  defineRoute({
    method: 'post', path: '/api/v2/jobs/upload', auth: 'UploadTicket', operation: createJobFromTicket, statuses: [400, 401, 409, 413, 429],
    // A caller already out of budget is refused before its file is read.
    before: (rt) => [rateGate(rt)],
    mapRequest: (req, services) => multipartInput(services)(req),
    reply: replyCreated,
    openapi: {
      operationId: 'create_job_from_ticket', tag: 'jobs', success: 201,
      ok: {
        description: 'Created (owner_type account_device). Location names the job.',
        headers: z.object({ Location: z.string().meta({ description: 'Path of the new job.' }) }),
        content: json(NAMED_SCHEMAS.Job),
      },
      alsoOk: { 200: { description: "The job this ticket's upload created earlier (a repeat).", content: json(NAMED_SCHEMAS.Job) } },
      request: { requestBody: { required: true, content: { 'multipart/form-data': { schema: TicketUpload, encoding: { file: { contentType: 'application/pdf' } } } } } },
    },
  }),
];
