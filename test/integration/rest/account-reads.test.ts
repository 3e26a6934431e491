/**
 * GET /api/v2/me, /usage and /limits for API keys and sessions: the security
 * matrix (no credential, a bad key, a revoked key, an expired, idle or ended
 * session, the device lane's credential) and what each returns, including
 * the fair-use counters kept by the database.
 */
import { idleWindow } from '../../../core/sessions/authenticate-session.ts';
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { endSession } from '../../../core/sessions/end-session.ts';
import { sessions } from '../../../db/schema.ts';
import { signIn } from '../../support/sign-in.ts';
import { fileEnv } from '../../support/test-env.ts';
import { createJob, drainQueue, errorCode, revokeKey, startApi, warmUp } from './api-client.ts';

beforeAll(warmUp);

const ROUTES = ['/api/v2/me', '/api/v2/usage', '/api/v2/limits'];

describe('account reads: security matrix', () => {
  it.each(ROUTES)('%s', async (path) => {
    await using env = await fileEnv();
    await using api = await startApi(env);
    const get = (headers: Record<string, string> = {}) => api.call('GET', path, { headers });
    const expect401 = async (headers: Record<string, string>, what: string) => {
      const res = await get(headers);
      expect([res.status, await errorCode(res)], what).toEqual([401, 'unauthenticated']);
    };
    await expect401({}, 'no credential');
    await expect401({ authorization: 'Bearer p2m_not-a-key' }, 'malformed key');
    const revoked = await env.user();
    await revokeKey(env, revoked.key);
    await expect401({ authorization: `Bearer ${revoked.key}` }, 'revoked key');
    // The device lane's credential is not a v2 account credential.
    await expect401({ authorization: 'Device dt_abc' }, 'device token');
    await expect401({ cookie: 'p2m_session=p2ms_' + 'x'.repeat(43) }, 'unknown session');

    const expired = await signIn(env);
    await env.runtime.db.update(sessions).set({ expiresAt: sql`now() - interval '1 second'` }).where(eq(sessions.accountId, expired.accountId));
    await expect401({ cookie: expired.cookie }, 'expired session');
    const idle = await signIn(env);
    await env.runtime.db
      .update(sessions)
      .set({ lastSeenAt: sql`now() - ${idleWindow(env.config.sessionIdleSeconds).idle}::interval - interval '1 second'` })
      .where(eq(sessions.accountId, idle.accountId));
    await expect401({ cookie: idle.cookie }, 'idle session');
    const ended = await signIn(env);
    await endSession(env.runtime.db, ended.token);
    await expect401({ cookie: ended.cookie }, 'ended session');

    // Each caller sees its own account only.
    const alice = await signIn(env, { email: 'alice@example.org' });
    const bob = await env.user({ tier: 'pro' });
    expect((await get({ cookie: alice.cookie })).status).toBe(200);
    const asBob = await api.call('GET', path, { key: bob.key });
    expect([asBob.status, ((await asBob.json()) as { tier: string }).tier]).toEqual([200, 'pro']);
  });
});

describe('account reads: answers', () => {
  it('GET /api/v2/me names the account and how the caller authenticated', async () => {
    await using env = await fileEnv();
    await using api = await startApi(env);
    const person = await signIn(env, { email: 'me@example.org', tier: 'pro' });
    const bySession = await (await api.call('GET', '/api/v2/me', { headers: { cookie: person.cookie } })).json();
    expect(bySession).toEqual({
      id: person.accountId,
      email: 'me@example.org',
      name: null,
      tier: 'pro',
      created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      authenticated_by: 'session',
    });
    const key = await env.user();
    expect(await (await api.call('GET', '/api/v2/me', { key: key.key })).json()).toMatchObject({ id: key.accountId, authenticated_by: 'api_key' });
  });

  it('GET /api/v2/usage counts the month\'s jobs at creation and pages when ready; deleting gives nothing back', async () => {
    await using env = await fileEnv();
    await using api = await startApi(env);
    const user = await env.user();
    const usage = async () => (await (await api.call('GET', '/api/v2/usage', { key: user.key })).json()) as Record<string, unknown>;
    const before = await usage();
    const now = new Date();
    expect(before).toEqual({
      tier: 'free',
      period: {
        start: new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1)).toISOString(),
        end: new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1)).toISOString(),
      },
      jobs: { used: 0, allowance: env.config.tiers.free.fairUseJobsPerMonth },
      pages: { used: 0, allowance: env.config.tiers.free.fairUsePagesPerMonth },
      slot_usage: { used: 0, limit: 3, free: 3 },
      days: Array.from({ length: now.getUTCDate() }, (_, i) => ({
        date: new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), i + 1)).toISOString().slice(0, 10),
        jobs: 0,
        pages: 0,
      })),
    });
    const job = await createJob(api, user.key, [['one'], ['two']]);
    await createJob(api, user.key);
    expect(await usage()).toMatchObject({ jobs: { used: 2 }, pages: { used: 0 }, slot_usage: { used: 2 } });
    await drainQueue(env);
    const after = (await usage()) as { days: { date: string; jobs: number; pages: number }[] };
    expect(after).toMatchObject({ jobs: { used: 2 }, pages: { used: 3 }, slot_usage: { used: 0 } });
    // The days add up to the month: today holds it all.
    expect(after.days.at(-1)).toEqual({ date: now.toISOString().slice(0, 10), jobs: 2, pages: 3 });
    expect(after.days.slice(0, -1).every((d) => d.jobs === 0 && d.pages === 0)).toBe(true);
    await api.call('DELETE', `/api/v2/jobs/${job.job_id}`, { key: user.key });
    expect(await usage()).toMatchObject({ jobs: { used: 2 }, pages: { used: 3 } });
    // Another account's work is not counted here; the same counters show to the account's session.
    const other = await env.user();
    await createJob(api, other.key);
    expect(await usage()).toMatchObject({ jobs: { used: 2 } });
  });
});
