/** The rate budget is charged per procedure call, also inside one batched tRPC request. */
import { describe, expect, it } from 'vitest';
import { fileEnv } from '../../support/test-env.ts';
import { startTrpc } from './trpc-harness.ts';

type BatchItem = { result?: unknown; error?: { data?: { code: string; retry_after?: number } } };

describe('tRPC rate limit', () => {
  it('with 2 a minute, the third call of ONE batch is rate_limited, with Retry-After and RateLimit', async () => {
    await using env = await fileEnv({ P2M_TIERS: JSON.stringify({ free: { ratePerMinute: 2 } }) });
    await using rpc = await startTrpc(env);
    const user = await env.user();
    const input = encodeURIComponent(JSON.stringify({ 0: {}, 1: {}, 2: {} }));
    const res = await fetch(`${rpc.url}/jobs.limits,jobs.limits,jobs.limits?batch=1&input=${input}`, {
      headers: { authorization: `Bearer ${user.key}` },
    });
    const items = (await res.json()) as BatchItem[];
    expect(items.filter((i) => i.result).length).toBe(2);
    expect(items.filter((i) => i.error).map((i) => i.error?.data?.code)).toEqual(['rate_limited']);
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(res.headers.get('ratelimit-policy')).toBe('"free";q=2;w=60');
    expect(res.headers.get('ratelimit')).toMatch(/^"free";r=0;t=\d+$/);
    // The next request, single, is refused outright.
    const next = await fetch(`${rpc.url}/jobs.limits?input=${encodeURIComponent('{}')}`, { headers: { authorization: `Bearer ${user.key}` } });
    expect(next.status).toBe(429);
  });
});
