/**
 * Every cap a transport applies comes from core's tier table: one P2M_TIERS
 * value changes the REST JSON cap and the MCP request cap together, the
 * inline Markdown cap of MCP and tRPC together, and the v1 list length.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { createTrpcMiddleware } from '../../../server/app-router.ts';
import { MCP_PATH } from '../../../tools/http-router.ts';
import { mcpRoutes } from '../../../server/mcp-tools.ts';
import { fileEnv } from '../../support/test-env.ts';
import { createJob, drainQueue, errorCode, startApi, warmUp } from '../rest/api-client.ts';
import { pdfBytes } from '../v1/support/pdf-bytes.ts';
import { startV1 } from '../v1/support/v1-server.ts';
import { mcpTransport, rpcTransport } from './transports.ts';

beforeAll(warmUp);

const KB = 1024;

describe('transport limits from the tier table', () => {
  it('jsonBodyBytes caps REST JSON and MCP requests alike; get_limits reports it', async () => {
    await using env = await fileEnv({ P2M_TIERS: JSON.stringify({ free: { jsonBodyBytes: 64 * KB } }) });
    await using api = await startApi(env, { mcp: mcpRoutes });
    const alice = await env.user();
    const limits = (await (await api.call('GET', '/api/v2/limits', { key: alice.key })).json()) as Record<string, unknown>;
    expect(limits.max_json_body_size).toBe(64 * KB);
    const fits = await api.call('POST', '/api/v2/jobs', { key: alice.key, json: { content_base64: 'A'.repeat(60 * KB) } });
    expect(fits.status).not.toBe(413);
    const rest = await api.call('POST', '/api/v2/jobs', { key: alice.key, json: { content_base64: 'A'.repeat(70 * KB) } });
    expect([rest.status, await errorCode(rest)]).toEqual([413, 'too_large']);
    const call = { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'pdf_to_markdown_create_job_from_upload', arguments: { content_base64: 'A'.repeat(70 * KB) } } };
    const mcp = await fetch(api.base + MCP_PATH, {
      method: 'POST',
      headers: { authorization: `Bearer ${alice.key}`, 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      body: JSON.stringify(call),
    });
    expect(mcp.status).toBe(413);
  });

  it('inlineMarkdownBytes caps get_markdown on MCP and tRPC alike', async () => {
    await using env = await fileEnv({ P2M_TIERS: JSON.stringify({ free: { inlineMarkdownBytes: KB } }) });
    await using api = await startApi(env, { mcp: mcpRoutes, trpc: createTrpcMiddleware });
    const alice = await env.user();
    const lines = Array.from({ length: 40 }, (_, i) => `Line ${i + 1} of a document long enough to pass one kilobyte.`);
    const { job_id } = await createJob(api, alice.key, [lines]);
    await drainQueue(env);
    expect(await mcpTransport(api.base).call(alice.key, 'get_markdown', { job_id })).toEqual({ error: 'too_large' });
    expect(await rpcTransport(api.base).call(alice.key, 'get_markdown', { job_id })).toEqual({ error: 'too_large' });
    expect((await api.call('GET', `/api/v2/jobs/${job_id}/download`, { key: alice.key })).status).toBe(200);
  });

  it('recentJobsListed sets the v1 list length', async () => {
    await using v1 = await startV1({ P2M_TIERS: JSON.stringify({ anonymous: { recentJobsListed: 2 } }) });
    const { client } = await v1.device();
    for (let i = 0; i < 3; i++) await client.createJobFromFile(await pdfBytes(), `${i}.pdf`);
    expect((await client.listJobs()).map((j) => j.file_name)).toEqual(['2.pdf', '1.pdf']);
  });
});

