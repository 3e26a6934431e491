/**
 * The MCP body cap the README and OpenAPI state: the base64 size of the
 * caller's tier's largest PDF plus 64 KiB. A body of exactly that size is
 * read; one byte more answers 413 before any tool runs.
 */
import { describe, expect, it } from 'vitest';
import { base64BodyLimit } from '../../../core/jobs/create-job-from-upload.ts';
import { fileEnv } from '../../support/test-env.ts';
import { startMcp } from './mcp-harness.ts';

const MAX_FILE = 3000;

/** A tools/call of create_job_from_upload whose JSON text is exactly `bytes` long. */
function callOfSize(bytes: number) {
  const message = (pad: string) => ({
    jsonrpc: '2.0',
    id: 1,
    method: 'tools/call',
    params: { name: 'pdf_to_markdown_create_job_from_upload', arguments: { content_base64: 'QUFB', file_name: pad } },
  });
  const pad = 'x'.repeat(bytes - JSON.stringify(message('')).length);
  return message(pad);
}

describe('MCP request body cap', () => {
  it('reads a body of the stated cap and refuses one byte more with 413', async () => {
    await using env = await fileEnv({ P2M_TIERS: JSON.stringify({ free: { maxFileBytes: MAX_FILE } }) });
    await using mcp = await startMcp(env);
    const alice = await env.user();
    const cap = base64BodyLimit(MAX_FILE);
    const atCap = await mcp.post(callOfSize(cap), { key: alice.key });
    // Read and parsed: the tool refuses the arguments (file_name is far too long), as a JSON-RPC error in a 200.
    expect(atCap.status).toBe(200);
    expect(atCap.body).toMatchObject({ error: { data: { code: 'bad_input' } } });
    const over = await mcp.post(callOfSize(cap + 1), { key: alice.key });
    expect(over.status).toBe(413);
  });
});
