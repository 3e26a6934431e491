/** Idempotency over HTTP, and the streamed byte cap. */
import { request } from 'node:http';
import { Readable } from 'node:stream';
import { beforeAll, describe, expect, it } from 'vitest';
import { makePdf } from '../../support/pdf.ts';
import { testEnv } from '../../support/test-env.ts';
import { errorCode, startApi, warmUp } from './api-client.ts';

beforeAll(warmUp);

describe('Idempotency-Key', () => {
  it('replays the same job with 200, refuses a different body with 422', async () => {
    await using env = await testEnv();
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
    await using env = await testEnv({ P2M_TIERS: JSON.stringify({ free: { maxFileBytes: cap } }) });
    await using api = await startApi(env);
    const alice = await env.user();
    const boundary = 'p2mboundary';
    const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="big.pdf"\r\nContent-Type: application/pdf\r\n\r\n%PDF-1.7\n`;
    const chunk = Buffer.alloc(16 * 1024, 0x20);
    const totalChunks = 64 * 1024; // 1 GiB if it were all read
    let sent = 0;
    const body = Readable.from(
      (function* () {
        yield Buffer.from(head);
        while (sent < totalChunks) {
          sent++;
          yield chunk;
        }
      })(),
    );
    const { status, code } = await new Promise<{ status: number; code: string }>((resolve, reject) => {
      const req = request(`${api.base}/api/v2/jobs`, {
        method: 'POST',
        headers: { authorization: `Bearer ${alice.key}`, 'content-type': `multipart/form-data; boundary=${boundary}` },
      });
      req.on('response', (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (d: string) => (text += d));
        res.on('end', () => {
          body.unpipe(req);
          body.destroy();
          req.destroy();
          resolve({ status: res.statusCode ?? 0, code: (JSON.parse(text) as { error: { code: string } }).error.code });
        });
      });
      req.on('error', (err) => (sent > 0 ? undefined : reject(err)));
      body.pipe(req);
    });
    expect([status, code]).toEqual([413, 'too_large']);
    // Back-pressure stopped the client long before the whole body: the server streamed, it did not buffer.
    expect(sent * chunk.length).toBeLessThan(64 * 1024 * 1024);
  });

  it('refuses a JSON body over the configured limit with 413 and malformed JSON with 400', async () => {
    await using env = await testEnv({ P2M_JSON_BODY_BYTES: String(1024 * 1024) });
    await using api = await startApi(env);
    const alice = await env.user();
    const big = await api.call('POST', '/api/v2/jobs', { key: alice.key, json: { content_base64: 'A'.repeat(1_100_000) } });
    expect([big.status, await errorCode(big)]).toEqual([413, 'too_large']);
    const broken = await api.call('POST', '/api/v2/jobs', { key: alice.key, body: '{"url":', headers: { 'content-type': 'application/json' } });
    expect([broken.status, await errorCode(broken)]).toEqual([400, 'bad_input']);
  });
});
