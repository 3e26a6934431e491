/** Per-key rate limits over HTTP (memory on PGlite, Redis on the postgres project). */
import { beforeAll, describe, expect, it } from 'vitest';
import { fileEnv } from '../../support/test-env.ts';
import { errorCode, startApi, warmUp } from './api-client.ts';

beforeAll(warmUp);

describe('rate limit', () => {
  it('answers 429 rate_limited with Retry-After once a key spends its budget; other keys are unaffected', async () => {
    await using env = await fileEnv({ P2M_TIERS: JSON.stringify({ free: { ratePerMinute: 3 } }) });
    await using api = await startApi(env);
    const alice = await env.user();
    const bob = await env.user();
    for (let i = 0; i < 3; i++) {
      const ok = await api.call('GET', '/api/v2/limits', { key: alice.key });
      expect(ok.status).toBe(200);
      // draft-ietf-httpapi-ratelimit-headers: the policy, and what is left after this call.
      expect(ok.headers.get('ratelimit-policy')).toBe('"free";q=3;w=60');
      expect(ok.headers.get('ratelimit')).toMatch(new RegExp(`^"free";r=${2 - i};t=\\d+$`));
    }
    const limited = await api.call('GET', '/api/v2/jobs', { key: alice.key });
    expect([limited.status, await errorCode(limited)]).toEqual([429, 'rate_limited']);
    expect(limited.headers.get('ratelimit')).toMatch(/^"free";r=0;t=\d+$/);
    const retryAfter = Number(limited.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect((await api.call('GET', '/api/v2/limits', { key: bob.key })).status).toBe(200);
  });

  it('refuses a JSON creation from a caller out of budget without reading its body', async () => {
    await using env = await fileEnv({ P2M_TIERS: JSON.stringify({ free: { ratePerMinute: 1 } }) });
    await using api = await startApi(env);
    const alice = await env.user();
    expect((await api.call('GET', '/api/v2/limits', { key: alice.key })).status).toBe(200);
    // Malformed JSON: were the body read, this would be 400; the budget check comes first.
    const res = await api.call('POST', '/api/v2/jobs', { key: alice.key, body: '{not json', headers: { 'content-type': 'application/json' } });
    expect([res.status, await errorCode(res)]).toEqual([429, 'rate_limited']);
  });

  it('sends no RateLimit fields when the budgets are lifted (P2M_RATE_LIMIT=false)', async () => {
    await using env = await fileEnv({ P2M_RATE_LIMIT: 'false' });
    await using api = await startApi(env);
    const alice = await env.user();
    for (const path of ['/api/v2/limits', '/api/v2/jobs']) {
      const res = await api.call('GET', path, { key: alice.key });
      expect(res.status).toBe(200);
      // No policy applies, so none is announced (not a remaining count of 2^53 - 1).
      expect([res.headers.get('ratelimit'), res.headers.get('ratelimit-policy')]).toEqual([null, null]);
    }
  });

  it('does not spend budget on requests without a valid key', async () => {
    await using env = await fileEnv({ P2M_TIERS: JSON.stringify({ free: { ratePerMinute: 1 } }) });
    await using api = await startApi(env);
    const alice = await env.user();
    for (let i = 0; i < 3; i++) expect((await api.call('GET', '/api/v2/limits')).status).toBe(401);
    expect((await api.call('GET', '/api/v2/limits', { key: alice.key })).status).toBe(200);
  });
});
