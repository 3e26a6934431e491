/**
 * Every way a sign-in can fail answers an HTML page with the spec's status,
 * starts no session and makes no account: a state used twice, unknown,
 * expired or from another browser (400), the provider's refusal or a bad
 * code (400), an unverified e-mail (400), a failed token exchange (502),
 * no configuration or an unreachable provider (503, while API keys keep
 * working), too many starts (429).
 */
import { randomInt } from 'node:crypto';
import { createServer } from 'node:net';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { openAccountStore } from '../../../cli/dev-idp/identity-provider.ts';
import type { Db } from '../../../db/database.ts';
import { accounts, sessions } from '../../../db/schema.ts';
import { purgeExpired } from '../../../worker/worker.ts';
import { startSignInStack } from '../../support/sign-in-stack.ts';
import { testEnv } from '../../support/test-env.ts';
import { startApi, warmUp } from '../rest/api-client.ts';

beforeAll(warmUp);

async function expectPage(res: Response, status: number, code: string): Promise<string> {
  const text = await res.text();
  expect([res.status, res.headers.get('content-type')]).toEqual([status, 'text/html; charset=utf-8']);
  expect(res.headers.get('content-security-policy')).toContain("default-src 'none'");
  expect(text).toContain(`<code>${code}</code>`);
  expect(res.headers.getSetCookie().some((c) => c.startsWith('p2m_session=p2ms_'))).toBe(false);
  return text;
}

const count = async (db: Db, table: typeof sessions | typeof accounts) =>
  (await db.select({ n: sql<number>`count(*)::int` }).from(table))[0]!.n;

describe('sign-in failures', () => {
  it('a state works once: the same callback again is 400, with no second session', async () => {
    await using stack = await startSignInStack({ database: 'fresh' });
    const b = stack.browser();
    const callback = await b.authorize('alice@example.org');
    const binding = b.jar.get('p2m_sign_in')!;
    expect((await b.get(callback)).status).toBe(200);
    b.jar.set('p2m_sign_in', binding);
    await expectPage(await b.get(callback), 400, 'bad_input');
    expect(await count(stack.env.runtime.db, sessions)).toBe(1);
  });

  it('an unknown or missing state, or a callback opened in another browser, is 400', async () => {
    await using stack = await startSignInStack({ database: 'fresh' });
    const b = stack.browser();
    await expectPage(await b.get('/api/v2/auth/idp/callback'), 400, 'bad_input');
    await expectPage(await b.get('/api/v2/auth/idp/callback?state=made-up&code=x'), 400, 'bad_input');
    // Login CSRF: a callback link made in one browser, opened in another (without the binding cookie).
    const callback = await b.authorize('attacker@example.org');
    const victim = stack.browser();
    await expectPage(await victim.get(callback), 400, 'bad_input');
    // The attempt was taken by that try: the first browser cannot use it either.
    await expectPage(await b.get(callback), 400, 'bad_input');
    expect(await count(stack.env.runtime.db, sessions)).toBe(0);
  });

  it('an attempt older than P2M_SIGN_IN_TTL_SECONDS is 400', async () => {
    await using stack = await startSignInStack({ database: 'fresh' });
    const b = stack.browser();
    const callback = await b.authorize('slow@example.org');
    await stack.env.runtime.db.execute(sql`UPDATE sign_in_attempts SET expires_at = now() - interval '1 second'`);
    const text = await expectPage(await b.get(callback), 400, 'bad_input');
    expect(text).toContain('expired');
    // Attempts nobody comes back for are swept with the other expired rows.
    await b.authorize('gone@example.org');
    await stack.env.runtime.db.execute(sql`UPDATE sign_in_attempts SET expires_at = now() - interval '1 second'`);
    expect((await purgeExpired(stack.env.runtime)).signInAttempts).toBe(1);
  });

  it('the provider\'s refusal (consent denied) is 400, its description shown escaped', async () => {
    await using stack = await startSignInStack({ database: 'fresh' });
    const b = stack.browser();
    const denied = await b.authorize('alice@example.org', { consent: 'deny' });
    expect(new URL(denied).searchParams.get('error')).toBe('access_denied');
    expect(await expectPage(await b.get(denied), 400, 'bad_input')).toContain('access_denied');

    // A hostile description in the query is text on the page, never markup.
    const start = await b.get('/api/v2/auth/idp/start');
    const state = new URL(start.headers.get('location')!).searchParams.get('state')!;
    const evil = `/api/v2/auth/idp/callback?state=${state}&error=x&error_description=${encodeURIComponent('<script>alert(1)</script>')}`;
    const text = await expectPage(await b.get(evil), 400, 'bad_input');
    expect(text).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(text).not.toContain('<script>alert');
  });

  it('a code the provider does not know is 400 (invalid_grant)', async () => {
    await using stack = await startSignInStack({ database: 'fresh' });
    const b = stack.browser();
    const callback = new URL(await b.authorize('alice@example.org'));
    callback.searchParams.set('code', 'not-a-code');
    await expectPage(await b.get(callback.href), 400, 'bad_input');
  });

  it('an e-mail the provider has not verified makes no account (400)', async () => {
    await using stack = await startSignInStack({ database: 'fresh', accounts: openAccountStore({ 'unverified@example.org': { emailVerified: false } }) });
    const res = await stack.browser().signIn('unverified@example.org');
    expect(await expectPage(res, 400, 'bad_input')).toContain('verified e-mail');
    expect(await count(stack.env.runtime.db, accounts)).toBe(0);
  });

  it('a failed token exchange (the provider refuses our client) is 502', async () => {
    await using stack = await startSignInStack({ database: 'fresh', env: { P2M_OIDC_CLIENT_SECRET: 'not-the-secret' } });
    const res = await stack.browser().signIn('alice@example.org');
    await expectPage(res, 502, 'idp_error');
    expect(await count(stack.env.runtime.db, accounts)).toBe(0);
  });

  it('without configuration: 503 pages, while API keys keep working', async () => {
    await using env = await testEnv();
    await using api = await startApi(env);
    await expectPage(await api.call('GET', '/api/v2/auth/idp/start'), 503, 'not_configured');
    await expectPage(await api.call('GET', '/api/v2/auth/idp/callback?state=a&code=b'), 503, 'not_configured');
    const user = await env.user();
    expect((await api.call('GET', '/api/v2/me', { key: user.key })).status).toBe(200);
  });

  it('an unreachable provider is a 503 page at start, quickly, and the service stays up', async () => {
    const closed = createServer();
    await new Promise<void>((r) => closed.listen(0, '127.0.0.1', r));
    const port = (closed.address() as { port: number }).port;
    await new Promise<void>((r) => closed.close(() => r()));
    await using env = await testEnv({ P2M_OIDC_ISSUER: `http://127.0.0.1:${port}`, P2M_OIDC_CLIENT_ID: 'x', P2M_OIDC_TIMEOUT_MS: '2000' });
    await using api = await startApi(env);
    await expectPage(await api.call('GET', '/api/v2/auth/idp/start'), 503, 'idp_unavailable');
    await expectPage(await api.call('GET', '/api/v2/auth/idp/start'), 503, 'idp_unavailable');
    expect((await api.call('GET', '/healthz')).status).toBe(200);
  });

  it('too many starts from one address are 429 with Retry-After', async () => {
    // An address of its own (behind a trusted proxy): the counters may be shared with other tests (Redis).
    await using stack = await startSignInStack({ database: 'fresh', env: { P2M_SIGN_IN_PER_IP: '2', P2M_TRUST_PROXY: 'loopback' } });
    const b = stack.browser();
    const from = { 'x-forwarded-for': `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}` };
    const start = () => b.request('/api/v2/auth/idp/start', { headers: from });
    expect((await start()).status).toBe(302);
    expect((await start()).status).toBe(302);
    const third = await start();
    await expectPage(third, 429, 'rate_limited');
    expect(Number(third.headers.get('retry-after'))).toBeGreaterThan(0);
  });
});
