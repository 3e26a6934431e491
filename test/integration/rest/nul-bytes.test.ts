/**
 * A NUL byte (or another control character) in any stored field is the
 * caller's input error: 400 bad_input on REST and a bad_input JSON-RPC error
 * on MCP, before any SQL runs; and nothing of the value reaches the log.
 */
import { Writable } from 'node:stream';
import { beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../../../core/logging/create-logger.ts';
import { makePdf } from '../../support/pdf.ts';
import { fileEnv } from '../../support/test-env.ts';
import { startMcp } from '../mcp/mcp-harness.ts';
import { errorCode, startApi, warmUp } from './api-client.ts';

beforeAll(warmUp);

const NUL = 'evil\u0000value';
const FIELDS: [string, unknown][] = [
  ['file_name', NUL],
  ['external_id', NUL],
  ['tags', ['ok', NUL]],
  ['idempotency_key', NUL],
  ['callback_url', `https://example.com/${NUL}`],
  ['callback_secret', `0123456789abcdef${NUL}`],
];

describe('NUL bytes in job fields', () => {
  it('REST JSON and multipart answer 400 bad_input for every field; no job is created', async () => {
    await using env = await fileEnv();
    await using api = await startApi(env);
    const alice = await env.user();
    const content_base64 = (await makePdf()).toString('base64');
    for (const [field, value] of FIELDS) {
      const res = await api.call('POST', '/api/v2/jobs', { key: alice.key, json: { content_base64, [field]: value } });
      expect([field, res.status, await errorCode(res)]).toEqual([field, 400, 'bad_input']);
      if (typeof value !== 'string') continue;
      const form = await api.upload(alice.key, await makePdf(), [[field, value]]);
      expect([field, form.status, await errorCode(form)]).toEqual([field, 400, 'bad_input']);
    }
    const url = await api.call('POST', '/api/v2/jobs', { key: alice.key, json: { url: `https://example.com/${NUL}.pdf` } });
    expect(url.status).toBe(400);
    const list = await api.call('GET', '/api/v2/jobs', { key: alice.key });
    expect(((await list.json()) as { items: unknown[] }).items).toEqual([]);
  });

  it('MCP answers a bad_input error for every field, and the log never carries the value', async () => {
    const lines: string[] = [];
    const sink = new Writable({ write: (c, _e, cb) => void (lines.push(String(c)), cb()) });
    await using env = await fileEnv();
    env.runtime.log = createLogger('debug', sink);
    await using mcp = await startMcp(env);
    const alice = await env.user();
    const content_base64 = (await makePdf()).toString('base64');
    for (const [field, value] of FIELDS) {
      const reply = await mcp.call(alice.key, 'pdf_to_markdown_create_job_from_upload', { content_base64, [field]: value });
      expect([field, reply.error?.data?.code]).toEqual([field, 'bad_input']);
    }
    expect(lines.length).toBeGreaterThan(0);
    expect(lines.join('')).not.toContain('evil');
  });
});
