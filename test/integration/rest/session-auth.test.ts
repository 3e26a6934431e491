/**
 * The web session as a v2 credential: cookie p2m_session reads and deletes the
 * account's jobs, never creates them (API key only), expires by lifetime and
 * idleness on the database clock, and changes state only from our own origins.
 */
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { idleWindow } from '../../../core/sessions/authenticate-session.ts';
import { endSession } from '../../../core/sessions/end-session.ts';
import { sessions } from '../../../db/schema.ts';
import { purgeExpired } from '../../../worker/worker.ts';
import { signIn } from '../../support/sign-in.ts';
import { fileEnv, testEnv } from '../../support/test-env.ts';
import { createJob, errorCode, startApi, warmUp } from './api-client.ts';

beforeAll(warmUp);

describe('session cookie', () => {
  it('reads the account\'s jobs and limits, including jobs made with its API keys', async () => {
    await using env = await fileEnv();
    await using api = await startApi(env);
    const person = await signIn(env);
    const { issueApiKey } = await import('../../../core/keys/issue-api-key.ts');
    const { secret } = await issueApiKey(env.runtime.db, env.config.tiers, { accountId: person.accountId, name: 'k' });
    const job = await createJob(api, secret);
    const cookie = { cookie: person.cookie };
    const list = await api.call('GET', '/api/v2/jobs', { headers: cookie });
    expect(list.status).toBe(200);
    expect(((await list.json()) as { items: { job_id: string }[] }).items.map((j) => j.job_id)).toEqual([job.job_id]);
    expect((await api.call('GET', `/api/v2/jobs/${job.job_id}`, { headers: cookie })).status).toBe(200);
    const limits = await api.call('GET', '/api/v2/limits', { headers: cookie });
    expect(limits.status).toBe(200);
    expect(((await limits.json()) as { tier: string }).tier).toBe('free');
  });

  it('never creates a job: that needs an API key (403 api_key_required)', async () => {
    await using env = await fileEnv();
    await using api = await startApi(env);
    const person = await signIn(env);
    const res = await api.call('POST', '/api/v2/jobs', {
      json: { url: 'https://example.org/a.pdf' },
      headers: { cookie: person.cookie, origin: env.config.publicOrigins[0]! },
    });
    expect([res.status, await errorCode(res)]).toEqual([403, 'api_key_required']);
  });

  it('changes state only from an allowed origin (CSRF): no Origin or a foreign one is 403 and nothing happens', async () => {
    await using env = await fileEnv();
    await using api = await startApi(env);
    const person = await signIn(env);
    const { issueApiKey } = await import('../../../core/keys/issue-api-key.ts');
    const { secret } = await issueApiKey(env.runtime.db, env.config.tiers, { accountId: person.accountId, name: 'k' });
    const job = await createJob(api, secret);
    const path = `/api/v2/jobs/${job.job_id}`;
    const refusals: Record<string, string>[] = [{}, { referer: 'https://evil.example/page' }, { origin: 'null' }];
    for (const headers of refusals) {
      const res = await api.call('DELETE', path, { headers: { cookie: person.cookie, ...headers } });
      expect([res.status, await errorCode(res)]).toEqual([403, 'forbidden']);
    }
    const untouched = await api.call('GET', path, { key: secret });
    expect(((await untouched.json()) as { status: string }).status).toBe('queued');
    const viaReferer = await api.call('DELETE', path, { headers: { cookie: person.cookie, referer: `${env.config.publicOrigins[0]}/account` } });
    expect(viaReferer.status).toBe(200);
    expect(((await viaReferer.json()) as { status: string }).status).toBe('canceled');
  });

  it('ends at its fixed lifetime, after the idle timeout, and at sign-out; a malformed cookie is 401', async () => {
    await using env = await testEnv();
    await using api = await startApi(env);
    const [lifetime, idle, ended] = [await signIn(env), await signIn(env), await signIn(env)];
    const get = (cookie: string) => api.call('GET', '/api/v2/jobs', { headers: { cookie } });
    for (const p of [lifetime, idle, ended]) expect((await get(p.cookie)).status).toBe(200);
    const db = env.runtime.db;
    await db.update(sessions).set({ expiresAt: sql`now() - interval '1 second'` }).where(eq(sessions.accountId, lifetime.accountId));
    await db
      .update(sessions)
      .set({ lastSeenAt: sql`now() - ${idleWindow(env.config.sessionIdleSeconds).idle}::interval - interval '1 second'` })
      .where(eq(sessions.accountId, idle.accountId));
    expect(await endSession(db, ended.token)).toBe(true);
    for (const p of [lifetime, idle, ended]) {
      const res = await get(p.cookie);
      expect([res.status, await errorCode(res)]).toEqual([401, 'unauthenticated']);
    }
    expect((await get('p2m_session=not-a-session')).status).toBe(401);
    // The sweep frees the rows of the two that timed out; the signed-out one is already gone.
    expect((await purgeExpired(env.runtime)).sessions).toBe(2);
  });

  it('stores only a hash of the cookie value, and every sign-in gets a new one', async () => {
    await using env = await fileEnv();
    const a = await signIn(env, { email: 'same@test.local' });
    const b = await signIn(env, { email: 'same@test.local' });
    expect(a.accountId).toBe(b.accountId);
    expect(a.token).not.toBe(b.token);
    const rows = await env.runtime.db.select().from(sessions).where(eq(sessions.accountId, a.accountId));
    expect(rows).toHaveLength(2);
    for (const row of rows) expect(JSON.stringify(row)).not.toContain(a.token.slice(5, 20));
  });
});
