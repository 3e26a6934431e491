/**
 * /account without a browser: the signed-out page, the signed-in page's
 * content and headers (nonce CSP, no caching, no framing), and a cookie that
 * no longer opens a session being dropped.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { endSession } from '../../../core/sessions/end-session.ts';
import { signIn } from '../../support/sign-in.ts';
import { fileEnv } from '../../support/test-env.ts';
import { startApi, warmUp } from '../rest/api-client.ts';

beforeAll(warmUp);

describe('GET /account', () => {
  it('without a session: a link to sign in', async () => {
    await using env = await fileEnv();
    await using api = await startApi(env);
    const res = await api.call('GET', '/account');
    expect([res.status, res.headers.get('content-type')]).toEqual([200, 'text/html; charset=utf-8']);
    const html = await res.text();
    expect(html).toContain('<a href="/api/v2/auth/idp/start">Sign in</a>');
    expect(html).not.toContain('<script');
  });

  it('with a session: the account, plan and usage, under a nonce CSP, never cached or framed', async () => {
    await using env = await fileEnv();
    await using api = await startApi(env);
    const person = await signIn(env, { email: 'page@example.org', tier: 'pro' });
    const res = await api.call('GET', '/account', { headers: { cookie: person.cookie } });
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain('<dd id="account-email">page@example.org</dd>');
    expect(html).toContain('<span id="account-tier">pro</span>');
    expect(html).toContain(`of ${env.config.tiers.pro.fairUseJobsPerMonth.toLocaleString('en-US')}`);
    const nonce = /<script nonce="([^"]+)">/.exec(html)?.[1];
    expect(nonce).toBeDefined();
    expect(res.headers.get('content-security-policy')).toContain(`script-src 'nonce-${nonce}'`);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.headers.get('x-frame-options')).toBe('DENY');
    // A fresh nonce each time.
    const again = await (await api.call('GET', '/account', { headers: { cookie: person.cookie } })).text();
    expect(/<script nonce="([^"]+)">/.exec(again)?.[1]).not.toBe(nonce);
  });

  it('drops a cookie whose session has ended', async () => {
    await using env = await fileEnv();
    await using api = await startApi(env);
    const person = await signIn(env);
    await endSession(env.runtime.db, person.token);
    const res = await api.call('GET', '/account', { headers: { cookie: person.cookie } });
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('You are not signed in');
    expect(res.headers.getSetCookie()).toEqual(['p2m_session=; Path=/; Expires=Thu, 01 Jan 1970 00:00:00 GMT; HttpOnly; SameSite=Lax']);
  });
});
