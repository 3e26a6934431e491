import { SUPPORTED_PROTOCOL_VERSIONS, LATEST_PROTOCOL_VERSION } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JOB_OPERATIONS } from '../../../core/operations.ts';
import { fileEnv, type TestEnv, type TestUser } from '../../support/test-env.ts';
import { ACCEPT, initializeMessage, startMcp, type McpHarness } from './mcp-harness.ts';

// One database for the file: these tests only read, or create nothing that another looks at.
let env: TestEnv;
let mcp: McpHarness;
let alice: TestUser;

beforeAll(async () => {
  env = await fileEnv();
  mcp = await startMcp(env);
  alice = await env.user();
});

afterAll(async () => {
  await mcp?.[Symbol.asyncDispose]();
  await env?.[Symbol.asyncDispose]();
});

describe('MCP protocol over stateless Streamable HTTP', () => {
  it.each(SUPPORTED_PROTOCOL_VERSIONS)('initializes with protocol version %s', async (version) => {
    const reply = await mcp.post(initializeMessage(version), { key: alice.key });
    expect(reply.status).toBe(200);
    expect(reply.headers.get('mcp-session-id')).toBeNull();
    expect(reply.body).toMatchObject({
      jsonrpc: '2.0',
      id: 1,
      result: { protocolVersion: version, capabilities: { tools: {} }, serverInfo: { name: 'p2m' } },
    });
  });

  it('answers an unknown protocol version with the latest it supports', async () => {
    const reply = await mcp.post(initializeMessage('1999-01-01'), { key: alice.key });
    expect(reply.body).toMatchObject({ result: { protocolVersion: LATEST_PROTOCOL_VERSION } });
  });

  it('lists one tool per operation, with input and output schemas and annotations', async () => {
    const { tools } = await (await mcp.client(alice.key)).listTools();
    expect(tools.map((t) => t.name).sort()).toEqual(JOB_OPERATIONS.map((op) => `pdf_to_markdown_${op.name}`).sort());
    expect(tools).toHaveLength(JOB_OPERATIONS.length);
    for (const tool of tools) {
      expect(tool.description).toBeTruthy();
      expect(tool.inputSchema.type).toBe('object');
      expect(tool.outputSchema?.type).toBe('object');
      expect(tool.outputSchema?.properties).toHaveProperty('slot_usage');
      expect(tool.outputSchema?.properties).toHaveProperty('tier');
    }
    const byName = Object.fromEntries(tools.map((t) => [t.name.replace('pdf_to_markdown_', ''), t]));
    expect(byName.get_job!.inputSchema.required).toEqual(['job_id']);
    expect(byName.create_job_from_url!.inputSchema.required).toEqual(['url']);
    // The stream alternative of the upload has no JSON form: the wire schema is base64 text only.
    expect(byName.create_job_from_upload!.inputSchema.properties!.content_base64).toMatchObject({
      type: 'string',
      contentEncoding: 'base64',
    });
    expect(byName.get_markdown!.annotations).toMatchObject({ readOnlyHint: true });
    expect(byName.list_jobs!.annotations).toMatchObject({ readOnlyHint: true, idempotentHint: true });
    expect(byName.delete_job!.annotations).toMatchObject({ readOnlyHint: false, destructiveHint: true, idempotentHint: true });
    expect(byName.create_job_from_url!.annotations).toMatchObject({ readOnlyHint: false, openWorldHint: true });
  });

  it('answers ping', async () => {
    const reply = await mcp.post({ jsonrpc: '2.0', id: 'p', method: 'ping' }, { key: alice.key });
    expect(reply).toMatchObject({ status: 200, body: { jsonrpc: '2.0', id: 'p', result: {} } });
    await expect((await mcp.client(alice.key)).ping()).resolves.toEqual({});
  });

  it('accepts a notification with 202 and no body', async () => {
    const reply = await mcp.post({ jsonrpc: '2.0', method: 'notifications/initialized' }, { key: alice.key });
    expect(reply.status).toBe(202);
    expect(reply.body).toBeNull();
  });

  it('answers a batch with one response per request, in order', async () => {
    const reply = await mcp.post(
      [
        { jsonrpc: '2.0', id: 1, method: 'ping' },
        { jsonrpc: '2.0', method: 'notifications/initialized' },
        { jsonrpc: '2.0', id: 2, method: 'tools/list' },
      ],
      { key: alice.key },
    );
    expect(reply.status).toBe(200);
    const body = reply.body as { id: number; result: Record<string, unknown> }[];
    expect(body.map((m) => m.id)).toEqual([1, 2]);
    expect(body[1]!.result.tools).toHaveLength(JOB_OPERATIONS.length);
  });

  it('answers an unknown method with MethodNotFound and an unknown tool with InvalidParams, in a 200', async () => {
    const unknownMethod = await mcp.post({ jsonrpc: '2.0', id: 1, method: 'resources/list' }, { key: alice.key });
    expect(unknownMethod).toMatchObject({ status: 200, body: { id: 1, error: { code: -32601 } } });
    const unknownTool = await mcp.call(alice.key, 'pdf_to_markdown_nope', {});
    expect(unknownTool.error).toMatchObject({ code: -32602, data: { code: 'bad_input' } });
  });

  it('answers GET and DELETE with 405 and a JSON-RPC error', async () => {
    for (const method of ['GET', 'DELETE']) {
      const res = await fetch(mcp.url, { method, headers: { accept: ACCEPT } });
      expect(res.status).toBe(405);
      expect(res.headers.get('allow')).toBe('POST');
      expect(await res.json()).toMatchObject({ jsonrpc: '2.0', error: { code: -32000 }, id: null });
    }
  });

  it('refuses a request without a valid key with 401 and a Bearer challenge', async () => {
    const missing = await mcp.post({ jsonrpc: '2.0', id: 1, method: 'ping' });
    expect(missing.status).toBe(401);
    expect(missing.headers.get('www-authenticate')).toMatch(/^Bearer/);
    expect(missing.body).toMatchObject({ jsonrpc: '2.0', id: null, error: { data: { code: 'unauthenticated' } } });
    const bad = await mcp.post({ jsonrpc: '2.0', id: 1, method: 'ping' }, { key: `p2m_${'x'.repeat(43)}` });
    expect(bad.status).toBe(401);
    expect(bad.headers.get('www-authenticate')).toContain('error="invalid_token"');
  });

  it('refuses a foreign Origin or Host with 403 before authenticating (DNS rebinding)', async () => {
    const ping = { jsonrpc: '2.0', id: 1, method: 'ping' };
    const origin = await mcp.post(ping, { key: alice.key, headers: { origin: 'http://evil.example' } });
    expect(origin.status).toBe(403);
    expect(origin.body).toMatchObject({ jsonrpc: '2.0', error: { data: { code: 'forbidden' } }, id: null });
    const noKey = await mcp.post(ping, { headers: { origin: 'http://evil.example' } });
    expect(noKey.status).toBe(403);
    const allowed = await mcp.post(ping, { key: alice.key, headers: { origin: env.config.publicOrigins[0]! } });
    expect(allowed.status).toBe(200);
  });

  it('refuses a Host outside the public origins with 403', async () => {
    const { request } = await import('node:http');
    const status = await new Promise<number>((resolve, reject) => {
      const req = request(mcp.url, {
        method: 'POST',
        headers: { host: 'rebound.example:80', authorization: `Bearer ${alice.key}`, 'content-type': 'application/json', accept: ACCEPT },
      });
      req.on('response', (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      });
      req.on('error', reject);
      req.end(JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'ping' }));
    });
    expect(status).toBe(403);
  });
});
