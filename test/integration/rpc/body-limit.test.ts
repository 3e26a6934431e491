/**
 * The tRPC endpoint reads at most the JSON body cap: a bigger body is 413
 * too_large after the cap, not buffered whole (it once grew the heap by
 * ~0.9 GB for a 200 MB body before answering).
 */
import { request } from 'node:http';
import { Readable } from 'node:stream';
import { beforeAll, describe, expect, it } from 'vitest';
import { testEnv } from '../../support/test-env.ts';
import { warmUp } from '../rest/api-client.ts';
import { startTrpc } from './trpc-harness.ts';

beforeAll(warmUp);

describe('tRPC body limit', () => {
  it('answers 413 too_large for a body over the cap without reading all of it', async () => {
    const cap = 256 * 1024;
    await using env = await testEnv({ P2M_TIERS: JSON.stringify({ free: { jsonBodyBytes: cap } }) });
    await using rpc = await startTrpc(env);
    const alice = await env.user();
    const chunk = Buffer.alloc(64 * 1024, 0x41);
    const totalChunks = 16 * 1024; // 1 GiB if it were all read
    let sent = 0;
    const body = Readable.from(
      (function* () {
        yield Buffer.from('{"content_base64":"');
        while (sent < totalChunks) {
          sent++;
          yield chunk;
        }
      })(),
    );
    const reply = await new Promise<{ status: number; text: string }>((resolve, reject) => {
      const req = request(`${rpc.url}/jobs.createFromUpload`, {
        method: 'POST',
        headers: { authorization: `Bearer ${alice.key}`, 'content-type': 'application/json', 'transfer-encoding': 'chunked' },
      });
      req.on('response', (res) => {
        body.unpipe(req);
        let text = '';
        res.on('data', (c) => (text += String(c)));
        res.on('end', () => {
          resolve({ status: res.statusCode ?? 0, text });
          req.destroy();
        });
      });
      req.on('error', (err) => (sent < totalChunks ? undefined : reject(err)));
      body.pipe(req);
    });
    expect(reply.status).toBe(413);
    expect(reply.text).toContain('too_large');
    expect(sent).toBeLessThan(totalChunks / 8);
  });
});
