/**
 * The tRPC endpoint reads at most the JSON body cap: a bigger body is 413
 * too_large after the cap, not buffered whole (it once grew the heap by
 * ~0.9 GB for a 200 MB body before answering).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { streamOversized } from '../../support/stream-oversized.ts';
import { fileEnv } from '../../support/test-env.ts';
import { warmUp } from '../rest/api-client.ts';
import { startTrpc } from './trpc-harness.ts';

beforeAll(warmUp);

describe('tRPC body limit', () => {
  it('answers 413 too_large for a body over the cap without reading all of it', async () => {
    const cap = 256 * 1024;
    await using env = await fileEnv({ P2M_TIERS: JSON.stringify({ free: { jsonBodyBytes: cap } }) });
    await using rpc = await startTrpc(env);
    const alice = await env.user();
    const totalChunks = 16 * 1024; // 1 GiB if it were all read
    const reply = await streamOversized(
      `${rpc.url}/jobs.createFromUpload`,
      { authorization: `Bearer ${alice.key}`, 'content-type': 'application/json' },
      '{"content_base64":"',
      totalChunks,
    );
    expect(reply.status).toBe(413);
    expect(reply.text).toContain('too_large');
    expect(reply.sent).toBeLessThan(totalChunks / 8);
  });
});
