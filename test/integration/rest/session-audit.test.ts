/**
 * Two audit findings about the session cookie: with the shortest idle
 * timeout a busy session is not ended early by the coarse last_seen_at
 * writes, and a second p2m_session cookie placed before the real one (a
 * sibling subdomain can plant one) does not sign the person out.
 */
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { sessions } from '../../../db/schema.ts';
import { signIn } from '../../support/sign-in.ts';
import { fileEnv } from '../../support/test-env.ts';
import { errorCode, startApi, warmUp } from './api-client.ts';

beforeAll(warmUp);

describe('session idle timeout', () => {
  it('with P2M_SESSION_IDLE_SECONDS=60, a session used every 15 s stays signed in past 60 s', async () => {
    await using env = await fileEnv({ P2M_SESSION_IDLE_SECONDS: '60' });
    await using api = await startApi(env);
    const person = await signIn(env);
    const get = () => api.call('GET', '/api/v2/me', { headers: { cookie: person.cookie } });
    // Let 15 s pass between uses, five times (75 s in all), by moving the stored clock back.
    for (let i = 0; i < 5; i++) {
      await env.runtime.db
        .update(sessions)
        .set({ lastSeenAt: sql`${sessions.lastSeenAt} - interval '15 seconds'` })
        .where(eq(sessions.accountId, person.accountId));
      expect((await get()).status).toBe(200);
    }
  });

  it('still ends a session idle for longer than the timeout', async () => {
    await using env = await fileEnv({ P2M_SESSION_IDLE_SECONDS: '60' });
    await using api = await startApi(env);
    const person = await signIn(env);
    await env.runtime.db
      .update(sessions)
      .set({ lastSeenAt: sql`now() - interval '70 seconds'` })
      .where(eq(sessions.accountId, person.accountId));
    const res = await api.call('GET', '/api/v2/me', { headers: { cookie: person.cookie } });
    expect([res.status, await errorCode(res)]).toEqual([401, 'unauthenticated']);
  });
});

describe('several p2m_session cookies', () => {
  it('a planted cookie before the real one does not sign the person out; the valid one is used', async () => {
    await using env = await fileEnv();
    await using api = await startApi(env);
    const person = await signIn(env);
    const stranger = await signIn(env);
    const planted = `p2ms_${'A'.repeat(43)}`;
    for (const cookie of [`p2m_session=${planted}; ${person.cookie}`, `p2m_session=junk; ${person.cookie}`, `${person.cookie}; p2m_session=${planted}`]) {
      const res = await api.call('GET', '/api/v2/me', { headers: { cookie } });
      expect(res.status).toBe(200);
      expect(((await res.json()) as { id: string }).id).toBe(person.accountId);
    }
    // Only unknown cookies: 401 as before.
    const none = await api.call('GET', '/api/v2/me', { headers: { cookie: `p2m_session=${planted}; p2m_session=junk` } });
    expect(none.status).toBe(401);
    // Sign-out ends the real session too, not only the planted first cookie.
    const origin = env.config.publicOrigins[0]!;
    const out = await api.call('POST', '/api/v2/auth/logout', { headers: { cookie: `p2m_session=${planted}; ${person.cookie}`, origin } });
    expect(await out.json()).toEqual({ logged_out: true });
    expect((await api.call('GET', '/api/v2/me', { headers: { cookie: person.cookie } })).status).toBe(401);
    expect((await api.call('GET', '/api/v2/me', { headers: { cookie: stranger.cookie } })).status).toBe(200);
  });
});
