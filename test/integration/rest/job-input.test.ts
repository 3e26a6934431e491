/** Idempotency over HTTP, and the streamed byte cap. */
import { beforeAll, describe, expect, it } from 'vitest';
import { makePdf } from '../../support/pdf.ts';
import { streamOversized } from '../../support/stream-oversized.ts';
import { fileEnv } from '../../support/test-env.ts';
import { errorCode, startApi, warmUp } from './api-client.ts';

beforeAll(warmUp);

describe('Idempotency-Key', () => {
  it('replays the same job with 200, refuses a different body with 422', async () => {
    await using env = await fileEnv();
    await using api = await startApi(env);
    const alice = await env.user();
    const pdf = await makePdf();
    const headers = { 'idempotency-key': 'order-42' };
    const first = await api.upload(alice.key, pdf, [['file_name', 'a.pdf']], headers);
    expect(first.status).toBe(201);
    const again = await api.upload(alice.key, pdf, [['file_name', 'a.pdf']], headers);
    expect(again.status).toBe(200);
    expect(again.headers.get('location')).toBeNull();
    expect(((await again.json()) as { job_id: string }).job_id).toBe(((await first.json()) as { job_id: string }).job_id);
    const different = await api.upload(alice.key, pdf, [['file_name', 'b.pdf']], headers);
    expect([different.status, await errorCode(different)]).toEqual([422, 'idempotency_mismatch']);
    const list = await api.call('GET', '/api/v2/jobs', { key: alice.key });
    expect(((await list.json()) as { items: unknown[] }).items).toHaveLength(1);
  });
});

describe('byte cap', () => {
  it('answers 413 while the upload is still streaming, without reading it all', async () => {
    const cap = 64 * 1024;
    await using env = await fileEnv({ P2M_TIERS: JSON.stringify({ free: { maxFileBytes: cap } }) });
    await using api = await startApi(env);
    const alice = await env.user();
    const boundary = 'p2mboundary';
    const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="big.pdf"\r\nContent-Type: application/pdf\r\n\r\n%PDF-1.7\n`;
    const totalChunks = 64 * 1024; // 1 GiB if it were all read
    const reply = await streamOversized(
      `${api.base}/api/v2/jobs`,
      { authorization: `Bearer ${alice.key}`, 'content-type': `multipart/form-data; boundary=${boundary}` },
      head,
      totalChunks,
      16 * 1024,
    );
    const status = reply.status;
    const code = (JSON.parse(reply.text) as { error: { code: string } }).error.code;
    expect([status, code]).toEqual([413, 'too_large']);
    // Back-pressure stopped the client long before the whole body: the server streamed, it did not buffer.
    expect(reply.sent * reply.chunkBytes).toBeLessThan(64 * 1024 * 1024);
  });

  it('refuses a JSON body over the configured limit with 413 and malformed JSON with 400', async () => {
    await using env = await fileEnv({ P2M_JSON_BODY_BYTES: String(1024 * 1024) });
    await using api = await startApi(env);
    const alice = await env.user();
    const big = await api.call('POST', '/api/v2/jobs', { key: alice.key, json: { content_base64: 'A'.repeat(1_100_000) } });
    expect([big.status, await errorCode(big)]).toEqual([413, 'too_large']);
    const broken = await api.call('POST', '/api/v2/jobs', { key: alice.key, body: '{"url":', headers: { 'content-type': 'application/json' } });
    expect([broken.status, await errorCode(broken)]).toEqual([400, 'bad_input']);
  });
});
