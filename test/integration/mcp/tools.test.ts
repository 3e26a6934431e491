import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createWorker } from '../../../worker/worker.ts';
import { makePdf } from '../../support/pdf.ts';
import { fileEnv, type TestEnv, type TestUser } from '../../support/test-env.ts';
import { startMcp, type McpHarness, type ToolResult } from './mcp-harness.ts';

const T = (op: string) => `pdf_to_markdown_${op}`;

let env: TestEnv;
let mcp: McpHarness;
let alice: TestUser;
let bob: TestUser;

beforeAll(async () => {
  env = await fileEnv({ P2M_ALLOW_PRIVATE_URLS: 'true' });
  mcp = await startMcp(env);
  alice = await env.user();
  bob = await env.user();
});

afterAll(async () => {
  await mcp?.[Symbol.asyncDispose]();
  await env?.[Symbol.asyncDispose]();
});

const drainQueue = () => createWorker(env.runtime, { concurrency: 1, pools: ['paid', 'free'] }).runOnce();

async function ok(key: string, op: string, args: unknown): Promise<ToolResult> {
  const reply = await mcp.call(key, T(op), args);
  if (!reply.result) throw new Error(`${op} failed: ${JSON.stringify(reply.error)}`);
  // Every tools/call result carries the caller's quota context.
  expect(reply.result.structuredContent).toMatchObject({ slot_usage: { limit: 3 }, tier: 'free' });
  return reply.result;
}

async function upload(key: string, lines = ['Hello p2m', 'A second line of text.']) {
  const content_base64 = (await makePdf([lines])).toString('base64');
  return (await ok(key, 'create_job_from_upload', { content_base64, file_name: 'hello.pdf' })).structuredContent as {
    job_id: string;
    status: string;
  };
}

describe('MCP tools', () => {
  it('converts an uploaded PDF: create, poll, drain the worker, read the Markdown', async () => {
    const client = await mcp.client(alice.key);
    const created = await client.callTool({
      name: T('create_job_from_upload'),
      arguments: { content_base64: (await makePdf([['Hello p2m', 'Tools all the way down.']])).toString('base64') },
    });
    // The SDK client checks structuredContent against the tool's outputSchema.
    const job = created.structuredContent as { job_id: string; status: string; created: boolean };
    expect(job).toMatchObject({ status: 'queued', created: true, tier: 'free', slot_usage: { used: 1, limit: 3 } });
    expect(JSON.parse((created.content as { text: string }[])[0]!.text)).toEqual(job);

    const notReady = await mcp.call(alice.key, T('get_markdown'), { job_id: job.job_id });
    expect(notReady.error).toMatchObject({ code: -32019, data: { code: 'not_ready', status: 409 } });

    expect(await drainQueue()).toBe(1);
    const got = await client.callTool({ name: T('get_job'), arguments: { job_id: job.job_id } });
    expect(got.structuredContent).toMatchObject({ job_id: job.job_id, status: 'ready', slot_usage: { used: 0 } });

    const md = await client.callTool({ name: T('get_markdown'), arguments: { job_id: job.job_id } });
    const text = (md.content as { type: string; text: string }[])[0]!;
    expect(text.type).toBe('text');
    expect(text.text).toContain('Hello p2m');
    expect(md.structuredContent).toMatchObject({
      job: { job_id: job.job_id, status: 'ready' },
      file_name: 'document.md',
      bytes: Buffer.byteLength(text.text),
      slot_usage: { used: 0, limit: 3 },
      tier: 'free',
    });
  });

  it('creates a job from a link', async () => {
    const pdf = await makePdf();
    const origin = createServer((_req, res) => res.writeHead(200, { 'content-type': 'application/pdf' }).end(pdf));
    await new Promise<void>((r) => origin.listen(0, '127.0.0.1', r));
    try {
      const url = `http://127.0.0.1:${(origin.address() as AddressInfo).port}/papers/linked.pdf`;
      const job = (await ok(bob.key, 'create_job_from_url', { url })).structuredContent;
      expect(job).toMatchObject({ status: 'queued', file_name: 'linked.pdf', source_url: url });
      await ok(bob.key, 'delete_job', { job_id: job.job_id });
    } finally {
      origin.closeAllConnections();
      await new Promise<void>((r) => origin.close(() => r()));
    }
  });

  it('lists, gets, deletes and reports limits', async () => {
    const job = await upload(alice.key);
    const list = (await ok(alice.key, 'list_jobs', { status: 'queued' })).structuredContent as { items: { job_id: string }[] };
    expect(list.items.map((j) => j.job_id)).toContain(job.job_id);
    await ok(alice.key, 'get_job', { job_id: job.job_id });
    const limits = (await ok(alice.key, 'get_limits', {})).structuredContent;
    expect(limits).toMatchObject({ max_file_size: 10 * 1024 * 1024, batch_enabled: false });
    const deleted = (await ok(alice.key, 'delete_job', { job_id: job.job_id })).structuredContent;
    expect(deleted).toMatchObject({ job_id: job.job_id, status: 'canceled', deleted: false });
  });

  it('enforces scopes: a key without jobs:download gets insufficient_scope as a JSON-RPC error', async () => {
    const reader = await env.user({ scopes: ['jobs:create', 'jobs:read'] });
    const job = await upload(reader.key);
    const reply = await mcp.call(reader.key, T('get_markdown'), { job_id: job.job_id });
    expect(reply.result).toBeUndefined();
    expect(reply.error).toMatchObject({ code: -32013, data: { code: 'insufficient_scope', status: 403 } });
    const del = await mcp.call(reader.key, T('delete_job'), { job_id: job.job_id });
    expect(del.error?.data?.code).toBe('insufficient_scope');
    const noScopes = await env.user({ scopes: [] });
    expect((await mcp.call(noScopes.key, T('get_limits'), {})).result).toBeDefined();
    expect((await mcp.call(noScopes.key, T('list_jobs'), {})).error?.data?.code).toBe('insufficient_scope');
  });

  it("answers not_found for another owner's job", async () => {
    const job = await upload(alice.key);
    for (const op of ['get_job', 'get_markdown', 'delete_job']) {
      const reply = await mcp.call(bob.key, T(op), { job_id: job.job_id });
      expect(reply.error, op).toMatchObject({ code: -32014, data: { code: 'not_found', status: 404 } });
      expect(reply.error?.message).toBe(`No job ${job.job_id}.`);
    }
    const list = (await ok(bob.key, 'list_jobs', {})).structuredContent as { items: { job_id: string }[] };
    expect(list.items.map((j) => j.job_id)).not.toContain(job.job_id);
    await ok(alice.key, 'delete_job', { job_id: job.job_id });
  });

  it('answers bad arguments with InvalidParams and data.code bad_input', async () => {
    const reply = await mcp.call(alice.key, T('get_job'), { job_id: 'not-a-uuid' });
    expect(reply.error).toMatchObject({ code: -32602, data: { code: 'bad_input', status: 400 } });
    const notPdf = await mcp.call(alice.key, T('create_job_from_upload'), { content_base64: Buffer.from('GIF89a').toString('base64') });
    expect(notPdf.error).toMatchObject({ code: -32602, data: { code: 'not_a_pdf' } });
  });

  it('answers a full account with slots_full', async () => {
    const carol = await env.user();
    for (let i = 0; i < 3; i++) await upload(carol.key);
    const reply = await mcp.call(carol.key, T('create_job_from_upload'), {
      content_base64: (await makePdf()).toString('base64'),
    });
    expect(reply.error).toMatchObject({ code: -32019, data: { code: 'slots_full', status: 409 } });
  });
});

describe('MCP rate limit', () => {
  it('charges every tool call: with 2 a minute, the third call of ONE batched request is rate_limited', async () => {
    await using limited = await fileEnv({ P2M_TIERS: JSON.stringify({ free: { ratePerMinute: 2 } }) });
    await using server = await startMcp(limited);
    const user = await limited.user();
    const call = (id: number) => ({ jsonrpc: '2.0', id, method: 'tools/call', params: { name: T('get_limits'), arguments: {} } });
    const reply = await server.post([call(1), call(2), call(3)], { key: user.key, protocolVersion: '2025-03-26' });
    expect(reply.status).toBe(200);
    const answers = reply.body as { id: number; result?: unknown; error?: { data?: { code: string; retry_after?: number } } }[];
    expect(answers).toHaveLength(3);
    expect(answers.filter((a) => a.result).length).toBe(2);
    const refused = answers.filter((a) => a.error);
    expect(refused.map((a) => a.error?.data?.code)).toEqual(['rate_limited']);
    expect(refused[0]!.error!.data!.retry_after).toBeGreaterThan(0);
  });

  it('answers a call over budget with a JSON-RPC error in a 200 carrying the request id, Retry-After and RateLimit; ping still answers', async () => {
    await using limited = await fileEnv({ P2M_TIERS: JSON.stringify({ free: { ratePerMinute: 1 } }) });
    await using server = await startMcp(limited);
    const user = await limited.user();
    // Protocol messages are not operations and cost nothing; the tool call spends the one point.
    const ping = { jsonrpc: '2.0', id: 1, method: 'ping' };
    expect((await server.post(ping, { key: user.key })).status).toBe(200);
    expect((await server.call(user.key, T('get_limits'), {})).result).toBeDefined();
    const call = { jsonrpc: '2.0', id: 'call-7', method: 'tools/call', params: { name: T('get_limits'), arguments: {} } };
    const third = await server.post(call, { key: user.key });
    expect(third.status).toBe(200);
    expect(Number(third.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(third.headers.get('ratelimit-policy')).toBe('"free";q=1;w=60');
    expect(third.headers.get('ratelimit')).toMatch(/^"free";r=0;t=\d+$/);
    expect(third.body).toMatchObject({ jsonrpc: '2.0', id: 'call-7', error: { code: -32039, data: { code: 'rate_limited', status: 429 } } });
    const data = (third.body as { error: { data: { retry_after: number } } }).error.data;
    expect(data.retry_after).toBe(Number(third.headers.get('retry-after')));
    const pong = await server.post({ ...ping, id: 2 }, { key: user.key });
    expect([pong.status, pong.body]).toEqual([200, { jsonrpc: '2.0', id: 2, result: {} }]);
    // 401 stays HTTP.
    expect((await server.post(call, { key: 'p2m_not-a-key' })).status).toBe(401);
  });
});
