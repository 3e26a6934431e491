/**
 * The prose of both documents. Every number in it is read from the running
 * configuration, so the description cannot claim a limit the service does
 * not apply.
 */
import type { Config } from '../core/config.ts';

const MIB = 1024 * 1024;
// Whole mebibytes read as such (the tiers are set in them); anything else as exact bytes with an approximation.
const size = (bytes: number) =>
  bytes % MIB === 0 ? `${bytes / MIB} MiB` : `${bytes} bytes, about ${(bytes / MIB).toFixed(1)} MiB`;
const duration = (seconds: number) => (seconds % 3600 === 0 ? `${seconds / 3600} hour${seconds === 3600 ? '' : 's'}` : `${Math.round(seconds / 60)} minutes`);

type Texts = Pick<Config, 'tiers'>;

/** The opening paragraph. */
export function overview(config: Pick<Config, 'tiers'>): string {
  return `p2m converts PDF documents to Markdown through asynchronous jobs: create a job from a link or an uploaded PDF, poll it until \`status\` is \`ready\`, download the Markdown from \`download_url\`, then delete the job to free its slot. Ready results are deleted after the tier's retention period (${duration(config.tiers.free.retentionSeconds)} on the free tier): from \`expires_at\` on, the job reads as \`expired\` and a download answers 410 \`gone\`. Every operation call costs one unit of the per-minute rate budget, on REST, MCP and tRPC alike (an MCP request carrying many calls pays for each); REST answers carry \`RateLimit\` and \`RateLimit-Policy\` (draft-ietf-httpapi-ratelimit-headers).`;
}

/** Authentication, errors, limits and idempotency. */
export function rules(config: Texts): string {
  const free = config.tiers.free;
  return `## Authentication

- **ApiKey**: \`Authorization: Bearer p2m_...\`. Create keys in your account; a key is shown once and carries scopes. Job creation needs an API key with \`jobs:create\`.
- **DeviceToken**: the browser extension's signed requests (v1 lane and the device routes under /api/v2/account and /api/v2/jobs/upload-ticket, see *Device request signing* below).
- **Session**: the \`p2m_session\` cookie of a signed-in browser; reads jobs and manages API keys, but cannot create jobs (403 \`api_key_required\`). A state-changing request with it must come from a page of this service. A browser gets it by signing in through the identity provider at GET /api/v2/auth/idp/start (pages, not JSON: the callback answers HTML, errors included) and loses it with POST /api/v2/auth/logout.
- **UploadTicket**: the \`Upload-Ticket\` header of POST /api/v2/jobs/upload; single-use, short-lived, minted by a linked device.

API keys are managed by a session or by a device linked to the account (an anonymous device gets 403 \`not_linked\`). A device is linked by signing in through \`login_url\` from POST /api/v2/account/link/start and then pressing **Link this device** on the page that shows the device's \`user_code\` (opening the address links nothing by itself; Cancel spends the ticket), or with POST /api/v2/account/link/attach (device signature and session in one request). The account lists its devices at GET /api/v2/account/devices and unlinks one with DELETE /api/v2/account/devices/{device_id}; any unlink revokes the API keys that device created. Linking moves the device's jobs onto the account's slots and tier: jobs already running keep running even when that puts the account over its slots, and new jobs wait (409 \`slots_full\`) until it is under them again. Unlinking returns its active jobs to the device as anonymous jobs.

A missing or invalid credential answers 401 with \`WWW-Authenticate: Bearer\`; a missing scope answers 403 \`insufficient_scope\`. Another account's job is indistinguishable from a missing one (404).

## Errors

Every v2 error has the body \`{"error": {"code": "...", "message": "...", "request_id": "..."}}\`. \`code\` is stable (for example \`slots_full\`, \`not_ready\`, \`gone\`, \`too_large\`, \`rate_limited\`); \`request_id\` equals the \`X-Request-Id\` response header (sent by the client or generated).

## Limits

- Active jobs per account (slots): ${free.slots} on the free tier; one more answers 409 \`slots_full\`.
- PDF size: ${size(free.maxFileBytes)} on the free tier (413 \`too_large\`), enforced while the upload streams in.
- Operation calls: per API key (or device) and minute, by tier (${free.ratePerMinute} on the free tier), counted per call on every transport (an MCP request with several tool calls spends several); over it, 429 \`rate_limited\` with \`Retry-After\` and \`RateLimit\` (a JSON-RPC error for an MCP tool call).
- JSON bodies (REST, MCP, tRPC): at most the tier's \`max_json_body_size\`, by default the base64 size of a 4 MiB PDF (or of the tier's largest PDF, if smaller) plus 64 KiB (on the free tier: ${size(free.jsonBodyBytes)}), well below the multipart cap because a JSON body is decoded whole; more answers 413, and bigger files go multipart (streamed) or through an upload ticket.
- Markdown returned inline (MCP and tRPC get_markdown): at most the tier's \`max_inline_markdown_size\` (free: ${size(free.inlineMarkdownBytes)}); larger results are downloaded, or read in parts (\`from_page\`/\`to_page\`, \`max_chars\` with \`next_cursor\`).
- Pictures (jobs created with \`options.images: files\`): counted in the tier's \`max_result_size\` (free: ${size(free.resultBytes)}) with the Markdown; \`?format=zip\` on the download gives document.md and images/; MCP get_markdown returns them as image content up to \`max_inline_images_size\` (free: ${size(free.inlineImageBytes)}).
- GET /api/v2/limits returns the caller's live values.

## Idempotency

Send \`Idempotency-Key\` on job creation to retry safely: the same key in the same account returns the existing job with 200; reusing it for a different request answers 422 \`idempotency_mismatch\`.`;
}
