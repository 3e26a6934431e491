/**
 * Status polling is what every client does, so it must be cheap (issue 9):
 * on the embedded database a poll of an unchanged job by a known key costs no
 * statement at all, and yet every change — to the job, to the key, to the
 * account — shows on the very next poll, on both databases.
 */
import { sql } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { authenticateApiKey } from '../../../core/keys/authenticate-api-key.ts';
import { invoke } from '../../../core/operation.ts';
import { createJobFromUpload, getJob } from '../../../core/operations.ts';
import { makePdf } from '../../support/pdf.ts';
import { DB_KIND, fileEnv, type TestEnv } from '../../support/test-env.ts';

/** What one poll does on the REST lane: authenticate the bearer key, then get_job. */
async function poll(env: TestEnv, key: string, jobId: string) {
  const principal = await authenticateApiKey(env.runtime.db, key, env.runtime.apiKeyCache);
  return invoke(getJob, env.ctx(principal), { job_id: jobId });
}

async function seed(env: TestEnv) {
  const alice = await env.user();
  const upload = { content_base64: (await makePdf()).toString('base64'), file_name: 'a.pdf' };
  const job = await invoke(createJobFromUpload, env.ctx(alice.principal), upload);
  return { key: alice.key, accountId: alice.accountId, jobId: job.job_id };
}

describe('status polling', () => {
  it.runIf(DB_KIND === 'pglite')('costs no statement for an unchanged job and a known key', async () => {
    await using env = await fileEnv();
    const { key, jobId } = await seed(env);
    await poll(env, key, jobId);
    const query = vi.spyOn(env.pglite!, 'query');
    const exec = vi.spyOn(env.pglite!, 'exec');
    for (let i = 0; i < 3; i++) expect((await poll(env, key, jobId)).status).toBe('queued');
    expect(query.mock.calls.length + exec.mock.calls.length).toBe(0);
  });

  it('shows a change to the job, its slot usage or the account on the next poll', async () => {
    await using env = await fileEnv();
    const { key, accountId, jobId } = await seed(env);
    expect(await poll(env, key, jobId)).toMatchObject({ progress: { pages_done: 0 }, slot_usage: { used: 1 }, tier: 'free' });
    await env.runtime.db.execute(sql`update jobs set pages_done = 1 where id = ${jobId}`);
    expect((await poll(env, key, jobId)).progress.pages_done).toBe(1);
    await env.runtime.db.execute(sql`update jobs set status = 'canceled' where id = ${jobId}`);
    expect(await poll(env, key, jobId)).toMatchObject({ status: 'canceled', slot_usage: { used: 0, free: 3 } });
    await env.runtime.db.execute(sql`update accounts set tier = 'pro' where id = ${accountId}`);
    const principal = await authenticateApiKey(env.runtime.db, key, env.runtime.apiKeyCache);
    expect(principal.tier).toBe('pro');
    expect((await invoke(getJob, env.ctx(principal), { job_id: jobId })).slot_usage.limit).toBe(20);
    await env.runtime.db.execute(sql`update jobs set deleted_at = now() where id = ${jobId}`);
    await expect(poll(env, key, jobId)).rejects.toMatchObject({ code: 'not_found' });
  });

  it('refuses a cached key on the request right after it is revoked or expires', async () => {
    await using env = await fileEnv();
    const { key, jobId } = await seed(env);
    const other = await env.user();
    await poll(env, key, jobId);
    await authenticateApiKey(env.runtime.db, other.key, env.runtime.apiKeyCache);
    await env.runtime.db.execute(sql`update api_keys set revoked_at = now() where account_id = ${other.accountId}`);
    await expect(authenticateApiKey(env.runtime.db, other.key, env.runtime.apiKeyCache)).rejects.toMatchObject({
      code: 'unauthenticated',
    });
    await env.runtime.db.execute(sql`update api_keys set expires_at = now() - interval '1 second' where revoked_at is null`);
    await expect(poll(env, key, jobId)).rejects.toMatchObject({ code: 'unauthenticated' });
  });

  it('answers polls that go to the database together each for its own caller', async () => {
    await using env = await fileEnv();
    const a = await seed(env);
    const b = await seed(env);
    const revoked = await env.user();
    await env.runtime.db.execute(sql`update api_keys set revoked_at = now() where account_id = ${revoked.accountId}`);
    // Asked for in one tick: the key lookups, then the job reads, share statements (core/batch/coalesced-reads.ts).
    const [mine, theirs, others, gone, again] = await Promise.allSettled([
      poll(env, a.key, a.jobId),
      poll(env, b.key, b.jobId),
      poll(env, b.key, a.jobId),
      poll(env, revoked.key, a.jobId),
      poll(env, a.key, a.jobId),
    ]);
    expect(mine).toMatchObject({ status: 'fulfilled', value: { job_id: a.jobId } });
    expect(theirs).toMatchObject({ status: 'fulfilled', value: { job_id: b.jobId } });
    expect(others).toMatchObject({ status: 'rejected', reason: { code: 'not_found' } });
    expect(gone).toMatchObject({ status: 'rejected', reason: { code: 'unauthenticated' } });
    expect(again).toMatchObject({ status: 'fulfilled', value: { job_id: a.jobId } });
  });

  it('refuses a key on the first poll asked for after its revocation, though an earlier lookup is still under way', async () => {
    await using env = await fileEnv();
    const { key, jobId, accountId } = await seed(env);
    // Another caller's poll: its key lookup goes to the database and is still under way during the revocation.
    const other = await env.user();
    const earlier = authenticateApiKey(env.runtime.db, other.key, env.runtime.apiKeyCache);
    await new Promise((r) => setImmediate(r));
    await env.runtime.db.execute(sql`update api_keys set revoked_at = now() where account_id = ${accountId}`);
    await expect(poll(env, key, jobId)).rejects.toMatchObject({ code: 'unauthenticated' });
    await expect(earlier).resolves.toMatchObject({ accountId: other.accountId });
  });
});
