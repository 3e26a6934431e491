/**
 * The two OpenAPI 3.1 documents: the full API (v2 and the frozen v1 lane) and
 * a reduced one for AI clients (create, status, fetch). The reduced one is a
 * subset, not a different API: same security schemes, scopes and limits.
 */
import { components } from './openapi-components.ts';
import { mcpPath } from './openapi-mcp-path.ts';
import type { OpenApiDocument } from './openapi-types.ts';
import { v1Paths, v1Schemas } from './openapi-v1-paths.ts';
import { v2Paths } from './openapi-v2-paths.ts';

/** info.version of both documents: the version of the API description. */
export const API_VERSION = '2.1.1';

const OVERVIEW = `p2m converts PDF documents to Markdown through asynchronous jobs: create a job from a link or an uploaded PDF, poll it until \`status\` is \`ready\`, download the Markdown from \`download_url\`, then delete the job to free its slot. Ready results are deleted after the tier's retention period (1 hour on the free tier): from \`expires_at\` on the job reads as \`expired\` and a download answers 410 \`gone\`. Every operation call costs one unit of the per-minute rate budget, on REST, MCP and tRPC alike; REST answers carry \`RateLimit\` and \`RateLimit-Policy\` (draft-ietf-httpapi-ratelimit-headers).`;

const RULES = `## Authentication

- **ApiKey**: \`Authorization: Bearer p2m_...\`. Create keys in your account; a key is shown once and carries scopes. Job creation needs an API key with \`jobs:create\`.
- **Session**: the \`p2m_session\` cookie of the web app (reads and deletes only).
- **DeviceToken**: the browser extension's signed requests (v1 lane, see *Device request signing* below).
- **UploadTicket**: one-time upload tickets for linked devices.

A missing or invalid credential answers 401 with \`WWW-Authenticate: Bearer\`; a missing scope answers 403 \`insufficient_scope\`. Another account's job is indistinguishable from a missing one (404).

## Errors

Every v2 error has the body \`{"error": {"code": "...", "message": "...", "request_id": "..."}}\`. \`code\` is stable (for example \`slots_full\`, \`not_ready\`, \`gone\`, \`too_large\`, \`rate_limited\`); \`request_id\` equals the \`X-Request-Id\` response header (sent by the client or generated).

## Limits

- Active jobs per account (slots): 3 on the free tier; a 4th answers 409 \`slots_full\`.
- PDF size: 10 MB on the free tier (413 \`too_large\`), enforced while the upload streams in.
- Operation calls: per API key (or device) and minute, by tier, counted per call on every transport (an MCP request with several tool calls spends several); over it, 429 \`rate_limited\` with \`Retry-After\` and \`RateLimit\` (a JSON-RPC error for an MCP tool call).
- JSON bodies (REST, MCP, tRPC): at most the tier's \`max_json_body_size\` (free: about 14.3 MiB, a base64 upload of a 10 MB PDF; bigger files go multipart); Markdown inline over MCP and tRPC: at most \`max_inline_markdown_size\` (8 MiB), beyond it the REST download.
- GET /api/v2/limits returns the caller's live values.

## Idempotency

Send \`Idempotency-Key\` on job creation to retry safely: the same key in the same account returns the existing job with 200; reusing it for a different request answers 422 \`idempotency_mismatch\`.`;

const TAGS = [
  { name: 'jobs', description: 'PDF to Markdown conversion jobs (v2).' },
  { name: 'account', description: 'Limits and entitlements of the caller.' },
  { name: 'mcp', description: 'The hosted MCP endpoint for agents.' },
  { name: 'v1', description: 'The browser extension lane: frozen paths at the root, device-signed.' },
];

/** The full document; `deviceSigning` is discovery/device-signing.md, embedded in the description. */
export function fullOpenApi(deviceSigning: string): OpenApiDocument {
  const comps = components();
  comps.schemas = { ...comps.schemas, ...v1Schemas() };
  // The embedded scheme's headings move down two levels to sit under the description's own.
  const signing = deviceSigning.replace(/^(#+) /gm, '$1## ');
  return {
    openapi: '3.1.0',
    info: {
      title: 'p2m: PDF to Markdown',
      version: API_VERSION,
      description: `${OVERVIEW}\n\nThe v2 API lives under /api/v2; the v1 paths at the root are frozen. An MCP endpoint (JSON-RPC 2.0 over Streamable HTTP) is at /api/v2/mcp with the same API keys and scopes.\n\n${RULES}\n\n${signing}`,
    },
    servers: [{ url: '/', description: 'The origin this document was fetched from.' }],
    tags: TAGS,
    paths: { ...v2Paths('full'), ...mcpPath(), ...v1Paths() },
    components: comps,
  };
}

/** The reduced document for AI clients: create, status, fetch; same security and limits. */
export function aiOpenApi(): OpenApiDocument {
  return {
    openapi: '3.1.0',
    info: {
      title: 'p2m: PDF to Markdown (create, status, fetch)',
      version: API_VERSION,
      description: `${OVERVIEW}\n\nThis is the reduced description for AI clients; the full one is /openapi.json. Authentication, scopes and limits are exactly those of the full API.\n\n${RULES}`,
    },
    servers: [{ url: '/', description: 'The origin this document was fetched from.' }],
    tags: TAGS.filter((t) => t.name === 'jobs'),
    paths: v2Paths('ai'),
    components: components(),
  };
}
