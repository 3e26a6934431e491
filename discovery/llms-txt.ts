import { mcpToolList } from '../core/operations.ts';
import { API_VERSION } from './openapi-document.ts';

/** /llms.txt (llmstxt.org): what the service is and how an agent uses it, with absolute links for `origin`. */
export function llmsTxt(origin: string): string {
  const tools = mcpToolList();
  const toolLines = tools.map((t) => `  - ${t.name}: ${t.title}`).join('\n');
  return `# p2m: PDF to Markdown

> p2m converts PDF documents to Markdown through asynchronous jobs. API version ${API_VERSION}.

Create a job from a PDF link or an uploaded PDF, poll it until its status is \`ready\`, download the Markdown, then delete the job to free its slot. Results are kept for a limited time (1 hour on the free tier).

## Authentication

Send an API key on every request: \`Authorization: Bearer p2m_...\`. Keys are created in a (free) account, shown once, and carry scopes (jobs:create, jobs:read, jobs:download, jobs:delete). Never embed a key in client-side code.

## Endpoints

- POST ${origin}/api/v2/jobs: create a job. JSON \`{"url": "https://.../file.pdf"}\`, JSON \`{"content_base64": "..."}\` (JSON bodies up to the tier's max_json_body_size from /api/v2/limits, about 5.4 MB by default, so base64 PDFs up to 4 MiB; larger PDFs go multipart), or multipart/form-data with metadata fields first and the PDF in a part named \`file\`. Optional header \`Idempotency-Key\`. Answers 201 with the job.
- GET ${origin}/api/v2/jobs/{job_id}: the job; \`status\` is queued, processing, ready, error, canceled or expired (a ready result past its retention; the download then answers 410).
- GET ${origin}/api/v2/jobs/{job_id}/download: the Markdown (text/markdown) once ready; 409 not_ready before, 410 gone after deletion or retention.
- DELETE ${origin}/api/v2/jobs/{job_id}: cancel or delete the job.
- GET ${origin}/api/v2/jobs: your jobs, newest first (query status, limit, cursor).
- GET ${origin}/api/v2/limits: your tier, limits and slot usage.

Errors are JSON \`{"error": {"code", "message", "request_id"}}\`. All slots busy: 409 slots_full. Too many requests: 429 with Retry-After.

## MCP

- ${origin}/api/v2/mcp: Model Context Protocol server (Streamable HTTP, JSON-RPC 2.0, stateless: POST only, GET and DELETE answer 405), same API key as a Bearer token. Errors of a call (the rate limit included) are JSON-RPC errors in a 200 carrying the request id; error.data.code is the domain code. The ${tools.length} tools:
${toolLines}
- ${origin}/.well-known/mcp.json: MCP server card.

## Webhooks (paid plans)

Deliveries are POSTs with \`X-P2M-Event\`, \`X-P2M-Timestamp\`, \`X-P2M-Delivery\` and \`X-P2M-Signature: sha256=<hex HMAC-SHA256(secret, timestamp + "." + raw body)>\`. After a secret rotation, during its overlap, \`X-P2M-Signature\` holds two comma-separated values (\`sha256=<new>,sha256=<old>\`): split on "," and accept the delivery when any value matches.

## OpenAPI

- [Reduced OpenAPI for AI clients](${origin}/openapi-ai.json): create, status, fetch.
- [Full OpenAPI](${origin}/openapi.json): every endpoint, security schemes, error codes, limits.
`;
}
