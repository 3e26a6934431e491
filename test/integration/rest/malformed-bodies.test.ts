/**
 * Malformed and oversized bodies are clean refusals: a truncated multipart
 * file part once crashed the process (busboy's 'error' on the part stream had
 * no listener), and oversized JSON or boundary-less multipart bodies were read
 * to their end before any answer.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { streamOversized } from '../../support/stream-oversized.ts';
import { fileEnv } from '../../support/test-env.ts';
import { errorCode, startApi, warmUp, type Api } from './api-client.ts';

beforeAll(warmUp);

/** POSTs `head` then up to `chunks` × 64 KiB to /api/v2/jobs; the status and how many chunks went out first. */
const streamed = (api: Api, key: string, type: string, head: string, chunks: number) =>
  streamOversized(`${api.base}/api/v2/jobs`, { authorization: `Bearer ${key}`, 'content-type': type }, head, chunks);

describe('malformed and oversized bodies', () => {
  it('a truncated file part is 400 and the server keeps serving', async () => {
    await using env = await fileEnv();
    await using api = await startApi(env);
    const alice = await env.user();
    const body = '--b\r\nContent-Disposition: form-data; name="file"; filename="a.pdf"\r\n\r\n%PDF-1.7 and then nothing';
    const res = await api.call('POST', '/api/v2/jobs', { key: alice.key, body, headers: { 'content-type': 'multipart/form-data; boundary=b' } });
    expect([res.status, await errorCode(res)]).toEqual([400, 'bad_input']);
    expect((await api.call('GET', '/api/v2/jobs', { key: alice.key })).status).toBe(200);
  });

  // Retried: under CI load the connection is sometimes reset before the client has read the 413 (write ECONNRESET,
  // seen in 3 of 5 CI runs on 2026-11-29, never locally); a server that never answers 413 still fails every try.
  // The cause is not yet found (issue 19's note): the drain (http/refused-body.ts) should keep the connection open.
  it('oversized JSON and boundary-less multipart are 413 long before their end', { retry: 2 }, async () => {
    const cap = 256 * 1024;
    // A drain budget well past what the client may have in flight when the 413 arrives: on a loaded machine 8 MiB was
    // spent before the client read the answer, and the dropped connection took the unread answer with it (ECONNRESET).
    await using env = await fileEnv({
      P2M_TIERS: JSON.stringify({ free: { maxFileBytes: cap, jsonBodyBytes: cap } }),
      P2M_REFUSED_BODY_DRAIN_BYTES: String(64 * 1024 * 1024),
    });
    await using api = await startApi(env);
    const alice = await env.user();
    const total = 16 * 1024; // 1 GiB if all of it were read
    const json = await streamed(api, alice.key, 'application/json', '{"url":"', total);
    expect(json.status).toBe(413);
    expect(json.sent).toBeLessThan(total / 8);
    const multipart = await streamed(api, alice.key, 'multipart/form-data; boundary=b', '', total);
    expect(multipart.status).toBe(413);
    expect(multipart.sent).toBeLessThan(total / 8);
    const declared = await api.call('POST', '/api/v2/jobs', { key: alice.key, body: 'x'.repeat(cap + 1), headers: { 'content-type': 'application/json' } });
    expect([declared.status, await errorCode(declared)]).toEqual([413, 'too_large']);
  });
});
