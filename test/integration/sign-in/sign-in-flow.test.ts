/**
 * Sign-in against a real OpenID provider on loopback (oidc-provider, driven
 * through its login and consent forms): the account of the verified e-mail,
 * a new session in an HttpOnly cookie, claimable accounts claimed, session
 * fixation impossible, and redirect addresses on the request's own origin.
 */
import { request } from 'node:http';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { openAccountStore } from '../../../cli/dev-idp/identity-provider.ts';
import { accounts, sessions } from '../../../db/schema.ts';
import { signIn } from '../../support/sign-in.ts';
import { startSignInStack, type FetchBrowser } from '../../support/sign-in-stack.ts';
import { warmUp } from '../rest/api-client.ts';

beforeAll(warmUp);

const sessionCookieOf = (res: Response) => res.headers.getSetCookie().find((c) => c.startsWith('p2m_session='));

async function me(b: FetchBrowser): Promise<{ status: number; body: Record<string, unknown> }> {
  const res = await b.get('/api/v2/me');
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

describe('sign-in through the identity provider', () => {
  it('creates the account of the verified e-mail and a session in an HttpOnly, SameSite=Lax cookie', async () => {
    await using stack = await startSignInStack();
    const b = stack.browser();
    const res = await b.signIn('Alice@Example.org');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    expect(await res.text()).toContain('alice@example.org');
    const cookie = sessionCookieOf(res)!;
    expect(cookie).toMatch(/^p2m_session=p2ms_[\w-]{43}; Path=\/; Expires=[^;]+; HttpOnly; SameSite=Lax$/);
    // The attempt's binding cookie is cleared; the attempt row is gone.
    expect(b.jar.has('p2m_sign_in')).toBe(false);

    const who = await me(b);
    expect(who.status).toBe(200);
    expect(who.body).toMatchObject({ email: 'alice@example.org', tier: 'free', authenticated_by: 'session' });
    const [row] = await stack.env.runtime.db.select().from(accounts).where(eq(accounts.email, 'alice@example.org'));
    expect(who.body.id).toBe(row!.id);
    expect((await b.get('/api/v2/limits')).status).toBe(200);
    expect((await b.get('/api/v2/usage')).status).toBe(200);
    // Only the hash of the cookie is stored.
    const token = b.jar.get('p2m_session')!;
    const stored = await stack.env.runtime.db.select().from(sessions).where(eq(sessions.accountId, row!.id));
    expect(stored).toHaveLength(1);
    expect(JSON.stringify(stored)).not.toContain(token);
  });

  it('reads the e-mail from the ID token when the provider puts it there (this one has no userinfo endpoint)', async () => {
    await using stack = await startSignInStack({ claimsInIdToken: true, accounts: openAccountStore({ 'named@example.org': { name: 'Ada' } }) });
    const b = stack.browser();
    expect((await b.signIn('named@example.org')).status).toBe(200);
    expect((await me(b)).body).toMatchObject({ email: 'named@example.org', name: 'Ada' });
  });

  it('signs the same person into the same account again, and claims an account made by an anonymous purchase', async () => {
    await using stack = await startSignInStack();
    const db = stack.env.runtime.db;
    const [bought] = await db.insert(accounts).values({ email: 'buyer@example.org', tier: 'pro', claimable: true }).returning();
    const first = stack.browser();
    expect((await first.signIn('buyer@example.org')).status).toBe(200);
    expect((await me(first)).body).toMatchObject({ id: bought!.id, tier: 'pro' });
    const [claimed] = await db.select().from(accounts).where(eq(accounts.id, bought!.id));
    expect(claimed!.claimable).toBe(false);

    const again = stack.browser();
    expect((await again.signIn('buyer@example.org')).status).toBe(200);
    expect((await me(again)).body.id).toBe(bought!.id);
    expect(await db.select().from(accounts).where(eq(accounts.email, 'buyer@example.org'))).toHaveLength(1);
  });

  it('replaces a session cookie the browser already had (no fixation) and ends that session', async () => {
    await using stack = await startSignInStack();
    const planted = await signIn(stack.env, { email: 'mallory@example.org' });
    const b = stack.browser();
    b.jar.set('p2m_session', planted.token);
    const res = await b.signIn('victim@example.org');
    expect(res.status).toBe(200);
    const fresh = b.jar.get('p2m_session')!;
    expect(fresh).not.toBe(planted.token);
    expect((await me(b)).body.email).toBe('victim@example.org');
    // The planted session is over: nobody can use it to act as the person who signed in.
    const old = stack.browser();
    old.jar.set('p2m_session', planted.token);
    expect((await me(old)).status).toBe(401);

    // A made-up cookie value is replaced the same way.
    const made = stack.browser();
    made.jar.set('p2m_session', 'p2ms_' + 'A'.repeat(43));
    await made.signIn('victim@example.org');
    expect(made.jar.get('p2m_session')).not.toBe('p2ms_' + 'A'.repeat(43));
    expect((await me(made)).status).toBe(200);
  });

  it('sends the provider a redirect_uri on the request\'s public origin; an unknown host gets the first origin', async () => {
    await using stack = await startSignInStack();
    const port = new URL(stack.base).port;
    const redirectFor = async (host: string) => {
      const location = await new Promise<string>((resolve, reject) => {
        const req = request({ host: '127.0.0.1', port, path: '/api/v2/auth/idp/start', headers: { host } }, (res) => {
          res.resume();
          resolve(res.headers.location ?? `status ${res.statusCode}`);
        });
        req.on('error', reject).end();
      });
      return new URL(location).searchParams.get('redirect_uri');
    };
    expect(await redirectFor(`127.0.0.1:${port}`)).toBe(`${stack.base}/api/v2/auth/idp/callback`);
    expect(await redirectFor('evil.example')).toBe(`${stack.base}/api/v2/auth/idp/callback`);
  });

  it('uses the second public origin when the request comes in on it', async () => {
    // Two origins for one server: the provider knows both callbacks.
    await using stack = await startSignInStack({ extraOrigins: ['http://localhost'] });
    const port = new URL(stack.base).port;
    const res = await fetch(`http://localhost:${port}/api/v2/auth/idp/start`, { redirect: 'manual' });
    expect(res.status).toBe(302);
    expect(new URL(res.headers.get('location')!).searchParams.get('redirect_uri')).toBe(`http://localhost:${port}/api/v2/auth/idp/callback`);
  });
});
