/**
 * POST /api/v2/auth/logout: ends the session and clears the cookie, answers
 * {logged_out} with or without one, leaves devices alone, and refuses a
 * cookie-carrying request from another origin (CSRF) without logging out.
 */
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { devices, sessions } from '../../../db/schema.ts';
import { signIn } from '../../support/sign-in.ts';
import { fileEnv } from '../../support/test-env.ts';
import { errorCode, startApi, warmUp } from '../rest/api-client.ts';

beforeAll(warmUp);

describe('POST /api/v2/auth/logout', () => {
  it('ends the session, clears the cookie and leaves devices untouched', async () => {
    await using env = await fileEnv();
    await using api = await startApi(env);
    const person = await signIn(env);
    const [device] = await env.runtime.db
      .insert(devices)
      .values({ keyThumbprint: 'tp', publicKey: {}, tokenHash: 'h', accountId: person.accountId })
      .returning();
    const origin = env.config.publicOrigins[0]!;
    const res = await api.call('POST', '/api/v2/auth/logout', { headers: { cookie: person.cookie, origin } });
    expect([res.status, await res.json()]).toEqual([200, { logged_out: true }]);
    expect(res.headers.getSetCookie()).toEqual(['p2m_session=; Path=/; Expires=Thu, 01 Jan 1970 00:00:00 GMT; HttpOnly; SameSite=Lax']);
    expect(await env.runtime.db.select().from(sessions).where(eq(sessions.accountId, person.accountId))).toEqual([]);
    expect((await api.call('GET', '/api/v2/me', { headers: { cookie: person.cookie } })).status).toBe(401);
    expect(await env.runtime.db.select().from(devices).where(eq(devices.id, device!.id))).toEqual([device]);

    // Again with the same (ended) cookie, and with none: nothing to end.
    const again = await api.call('POST', '/api/v2/auth/logout', { headers: { cookie: person.cookie, origin } });
    expect([again.status, await again.json()]).toEqual([200, { logged_out: false }]);
    const none = await api.call('POST', '/api/v2/auth/logout');
    expect([none.status, await none.json()]).toEqual([200, { logged_out: false }]);
  });

  it('refuses a cookie from another origin, or with no Origin at all (CSRF), and the session lives on', async () => {
    await using env = await fileEnv();
    await using api = await startApi(env);
    const person = await signIn(env);
    const refusals: Record<string, string>[] = [{ origin: 'https://evil.example' }, {}, { referer: 'https://evil.example/page' }, { origin: 'null' }];
    for (const headers of refusals) {
      const res = await api.call('POST', '/api/v2/auth/logout', { headers: { cookie: person.cookie, ...headers } });
      expect([res.status, await errorCode(res)], JSON.stringify(headers)).toEqual([403, 'forbidden']);
      expect(res.headers.getSetCookie()).toEqual([]);
    }
    expect((await api.call('GET', '/api/v2/me', { headers: { cookie: person.cookie } })).status).toBe(200);
  });
});
