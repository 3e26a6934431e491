import { Readable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { invoke, type Operation } from '../../../core/operation.ts';
import {
  createJobFromUpload,
  deleteJob,
  getJob,
  getLimits,
  getMarkdown,
  listJobs,
} from '../../../core/operations.ts';
import { makePdf } from '../../support/pdf.ts';
import { fileEnv, type TestEnv, type TestUser } from '../../support/test-env.ts';

// pdf-lib stamps creation times: one PDF for the whole file keeps request bodies identical.
const pdf = makePdf().then((b) => b.toString('base64'));

async function create(env: TestEnv, user: TestUser, extra: Record<string, unknown> = {}) {
  return invoke(createJobFromUpload, env.ctx(user.principal), { content_base64: await pdf, ...extra });
}

/** Marks a job ready with a stored result, as a worker would. */
async function finish(env: TestEnv, jobId: string, markdown = '# Done\n') {
  const key = `jobs/${jobId}/output.md`;
  await env.runtime.blobs.put(key, Readable.from([Buffer.from(markdown)]), { maxBytes: 1e6 });
  await env.runtime.db.execute(
    sql`UPDATE jobs SET status='ready', status_since=now(), ready_at=now(), output_key=${key}, output_size=${markdown.length} WHERE id=${jobId}`,
  );
}

describe('job rules in core', () => {
  it('allows 3 active jobs on the free tier and refuses the 4th with slots_full', async () => {
    await using env = await fileEnv();
    const alice = await env.user();
    for (let i = 0; i < 3; i++) await create(env, alice);
    await expect(create(env, alice)).rejects.toMatchObject({ code: 'slots_full' });
    const limits = await invoke(getLimits, env.ctx(alice.principal), {});
    expect(limits.slot_usage).toEqual({ used: 3, limit: 3, free: 0 });
  });

  it('hides another owner\'s job as not_found for every job operation', async () => {
    await using env = await fileEnv();
    const alice = await env.user();
    const bob = await env.user();
    const job = await create(env, alice);
    for (const op of [getJob, getMarkdown, deleteJob] as Operation[]) {
      await expect(invoke(op, env.ctx(bob.principal), { job_id: job.job_id })).rejects.toMatchObject({ code: 'not_found' });
    }
    expect((await invoke(listJobs, env.ctx(bob.principal), {})).items).toEqual([]);
  });

  it('cancels an active job, frees its slot and answers the same when repeated', async () => {
    await using env = await fileEnv();
    const alice = await env.user();
    const job = await create(env, alice);
    const first = await invoke(deleteJob, env.ctx(alice.principal), { job_id: job.job_id });
    expect(first).toMatchObject({ status: 'canceled', deleted: false, slot_usage: { used: 0 } });
    const again = await invoke(deleteJob, env.ctx(alice.principal), { job_id: job.job_id });
    expect(again).toMatchObject({ status: 'canceled', deleted: false });
    await expect(invoke(getMarkdown, env.ctx(alice.principal), { job_id: job.job_id })).rejects.toMatchObject({
      code: 'not_ready',
    });
  });

  it('removes a ready job with its Markdown; the download is then gone and a repeat answers the same', async () => {
    await using env = await fileEnv();
    const alice = await env.user();
    const job = await create(env, alice);
    await expect(invoke(getMarkdown, env.ctx(alice.principal), { job_id: job.job_id })).rejects.toMatchObject({
      code: 'not_ready',
    });
    await finish(env, job.job_id);
    const md = await invoke(getMarkdown, env.ctx(alice.principal), { job_id: job.job_id });
    expect(md.file_name).toBe('document.md');
    expect(md.result.key).toBe(`jobs/${job.job_id}/output.md`);
    const removed = await invoke(deleteJob, env.ctx(alice.principal), { job_id: job.job_id });
    expect(removed).toMatchObject({ status: 'ready', deleted: true });
    expect(await invoke(deleteJob, env.ctx(alice.principal), { job_id: job.job_id })).toMatchObject({ deleted: true });
    await expect(invoke(getJob, env.ctx(alice.principal), { job_id: job.job_id })).rejects.toMatchObject({ code: 'not_found' });
    await expect(invoke(getMarkdown, env.ctx(alice.principal), { job_id: job.job_id })).rejects.toMatchObject({ code: 'gone' });
    expect(await env.runtime.blobs.read(`jobs/${job.job_id}/output.md`)).toBeNull();
  });

  it('returns the existing job for a repeated idempotency key and refuses a different body under it', async () => {
    await using env = await fileEnv();
    const alice = await env.user();
    const first = await create(env, alice, { idempotency_key: 'k1', file_name: 'a.pdf' });
    const again = await create(env, alice, { idempotency_key: 'k1', file_name: 'a.pdf' });
    expect(again).toMatchObject({ job_id: first.job_id, created: false });
    await expect(create(env, alice, { idempotency_key: 'k1', file_name: 'b.pdf' })).rejects.toMatchObject({
      code: 'idempotency_mismatch',
    });
    // The key is per account: another account may use it for its own job.
    const bob = await env.user();
    expect((await create(env, bob, { idempotency_key: 'k1', file_name: 'a.pdf' })).created).toBe(true);
    expect((await invoke(listJobs, env.ctx(alice.principal), {})).items).toHaveLength(1);
  });

  it('pages through the list with a cursor and filters by status', async () => {
    await using env = await fileEnv({ P2M_TIERS: JSON.stringify({ free: { slots: 10 } }) });
    const alice = await env.user();
    const ids = [];
    for (let i = 0; i < 5; i++) ids.push((await create(env, alice)).job_id);
    await finish(env, ids[0]!);
    const p1 = await invoke(listJobs, env.ctx(alice.principal), { limit: 2 });
    const p2 = await invoke(listJobs, env.ctx(alice.principal), { limit: 2, cursor: p1.next_cursor });
    const p3 = await invoke(listJobs, env.ctx(alice.principal), { limit: 2, cursor: p2.next_cursor });
    expect([...p1.items, ...p2.items, ...p3.items].map((j) => j.job_id).sort()).toEqual([...ids].sort());
    expect(p3.next_cursor).toBeNull();
    const ready = await invoke(listJobs, env.ctx(alice.principal), { status: 'ready' });
    expect(ready.items.map((j) => j.job_id)).toEqual([ids[0]]);
  });

  it('refuses an operation outside the key\'s scopes and job creation by a session', async () => {
    await using env = await fileEnv();
    const reader = await env.user({ scopes: ['jobs:read'] });
    await expect(create(env, reader)).rejects.toMatchObject({ code: 'insufficient_scope' });
    const session = { kind: 'session' as const, accountId: reader.accountId, sessionId: 's', tier: 'free' as const };
    await expect(
      invoke(createJobFromUpload, env.ctx(session), { content_base64: (await makePdf()).toString('base64') }),
    ).rejects.toMatchObject({ code: 'api_key_required' });
  });
});
