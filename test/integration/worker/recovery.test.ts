import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { invoke } from '../../../core/operation.ts';
import { deleteJob, getMarkdown } from '../../../core/operations.ts';
import { convertJob, SHUTDOWN } from '../../../worker/convert-job.ts';
import { processJob } from '../../../worker/process-job.ts';
import { settleJob } from '../../../worker/settle-job.ts';
import { createWorker, purgeExpired, reapExpiredLeases } from '../../../worker/worker.ts';
import { testEnv } from '../../support/test-env.ts';
import { blobsOf, claimOne, deps, expireLease, jobRow, queueJob } from './helpers.ts';

const HANG_CHILD = fileURLToPath(new URL('../../support/children/hang-child.ts', import.meta.url));

describe('worker: crashes and stale workers', () => {
  it('a worker killed mid-conversion loses nothing: the lease expires, the job is re-queued and finished', async () => {
    await using env = await testEnv();
    const alice = await env.user();
    const id = await queueJob(env, alice);
    await claimOne(env, 'crashed-worker'); // …and never completes it
    expect(await reapExpiredLeases(env.runtime.db)).toEqual([]); // lease still valid
    await expireLease(env, id);
    expect(await reapExpiredLeases(env.runtime.db)).toEqual([{ id, status: 'queued', pool: 'free' }]);
    expect(await jobRow(env, id)).toMatchObject({
      status: 'queued',
      lease: null,
      leaseOwner: null,
      attempts: 1,
    });
    const worker = createWorker(env.runtime, { concurrency: 1, pools: ['free'], workerId: 'survivor' });
    expect(await worker.runOnce()).toBe(1);
    expect(await jobRow(env, id)).toMatchObject({ status: 'ready', attempts: 2 });
  });

  it("a stale worker's late result is rejected and its blob deleted; the new worker's result stands", async () => {
    await using env = await testEnv();
    const alice = await env.user();
    const id = await queueJob(env, alice);
    const stale = await claimOne(env, 'slow-worker');
    const lateResult = await convertJob(deps(env), stale);
    expect(lateResult.kind).toBe('converted');
    await expireLease(env, id);
    await reapExpiredLeases(env.runtime.db);
    await createWorker(env.runtime, { concurrency: 1, pools: ['free'], workerId: 'fresh' }).runOnce();
    const fresh = await jobRow(env, id);
    expect(fresh?.status).toBe('ready');

    expect(await settleJob(deps(env), stale, lateResult)).toBe('lost');
    const after = await jobRow(env, id);
    expect(after).toMatchObject({ status: 'ready', outputKey: fresh?.outputKey, readyAt: fresh?.readyAt });
    expect(await blobsOf(env, id)).toEqual(
      [expect.stringMatching(/^input-/), fresh!.outputKey!.split('/').pop()].sort(),
    );
    expect(await settleJob(deps(env), stale, { kind: 'failed', code: 'malformed_pdf', message: 'x' })).toBe(
      'lost',
    );
    expect((await jobRow(env, id))?.status).toBe('ready');
  });

  it('after max_attempts interrupted runs the job fails with max_attempts', async () => {
    await using env = await testEnv({ P2M_MAX_ATTEMPTS: '2' });
    const alice = await env.user();
    const id = await queueJob(env, alice);
    for (let attempt = 1; attempt <= 2; attempt++) {
      expect((await claimOne(env, `doomed-${attempt}`)).attempts).toBe(attempt);
      await expireLease(env, id);
      const [reaped] = await reapExpiredLeases(env.runtime.db);
      expect(reaped?.status).toBe(attempt < 2 ? 'queued' : 'error');
    }
    const row = await jobRow(env, id);
    expect(row).toMatchObject({ status: 'error', errorCode: 'max_attempts', lease: null });
    expect(row?.errorMessage).toMatch(/interrupted 2 times/);
  });
});

describe('worker: cancel and shutdown', () => {
  it("a job canceled while processing: the worker's fenced complete fails and its output is discarded", async () => {
    await using env = await testEnv();
    const alice = await env.user();
    const id = await queueJob(env, alice);
    const job = await claimOne(env, 'w');
    const conversion = await convertJob(deps(env), job);
    const canceled = await invoke(deleteJob, env.ctx(alice.principal), { job_id: id });
    expect(canceled).toMatchObject({ status: 'canceled', deleted: false });
    expect(await settleJob(deps(env), job, conversion)).toBe('lost');
    expect(await jobRow(env, id)).toMatchObject({ status: 'canceled', outputKey: null, readyAt: null });
    expect(await blobsOf(env, id)).toEqual([]);
  });

  it('a cancel stops a running conversion at the next heartbeat', async () => {
    await using env = await testEnv({ P2M_HEARTBEAT_SECONDS: '1' });
    const alice = await env.user();
    const id = await queueJob(env, alice);
    const job = await claimOne(env, 'w');
    const running = processJob(deps(env), job, { childModule: HANG_CHILD });
    await invoke(deleteJob, env.ctx(alice.principal), { job_id: id });
    expect(await running).toBe('lost');
    expect((await jobRow(env, id))?.status).toBe('canceled');
  });

  it('a job still running at shutdown is handed back to the queue with its attempt returned', async () => {
    await using env = await testEnv();
    const alice = await env.user();
    const id = await queueJob(env, alice);
    const job = await claimOne(env, 'stopping');
    const ctl = new AbortController();
    const running = processJob(deps(env), job, { childModule: HANG_CHILD, signal: ctl.signal });
    ctl.abort(SHUTDOWN);
    expect(await running).toBe('abandoned');
    expect(await jobRow(env, id)).toMatchObject({ status: 'queued', attempts: 0, lease: null });
  });
});

describe('worker: retention', () => {
  it('a ready result past its retention is expired: download says gone, blobs deleted, tombstone purged later', async () => {
    await using env = await testEnv();
    const alice = await env.user();
    const id = await queueJob(env, alice);
    await createWorker(env.runtime, { concurrency: 1, pools: ['free'] }).runOnce();
    expect(await purgeExpired(env.runtime)).toEqual({ expired: 0, inputsReleased: 0, deleted: 0, nonces: 0, staleFetches: 0, sessions: 0, tickets: 0, graceExpired: 0, paidRecords: 0, signInAttempts: 0 });
    await env.runtime.db.execute(
      sql`UPDATE jobs SET ready_at = now() - interval '61 minutes' WHERE id = ${id}`,
    );
    expect((await purgeExpired(env.runtime)).expired).toBe(1);
    await expect(invoke(getMarkdown, env.ctx(alice.principal), { job_id: id })).rejects.toMatchObject({
      code: 'gone',
    });
    expect(await blobsOf(env, id)).toEqual([]);
    expect((await jobRow(env, id))?.expiredAt).toBeInstanceOf(Date);
    expect((await jobRow(env, id))?.status).toBe('expired');

    await env.runtime.db.execute(
      sql`UPDATE jobs SET expired_at = now() - interval '8 days' WHERE id = ${id}`,
    );
    expect((await purgeExpired(env.runtime)).deleted).toBe(1);
    expect(await jobRow(env, id)).toBeUndefined();
  });

  it("releases failed jobs' inputs and deletes old canceled rows", async () => {
    await using env = await testEnv();
    const alice = await env.user();
    const failed = await queueJob(env, alice, Buffer.from('%PDF-1.4 nothing here'));
    await createWorker(env.runtime, { concurrency: 1, pools: ['free'] }).runOnce();
    expect(await blobsOf(env, failed)).toHaveLength(1);
    expect((await purgeExpired(env.runtime)).inputsReleased).toBe(1);
    expect(await blobsOf(env, failed)).toEqual([]);
    const canceled = await queueJob(env, alice);
    await invoke(deleteJob, env.ctx(alice.principal), { job_id: canceled });
    await env.runtime.db.execute(
      sql`UPDATE jobs SET status_since = now() - interval '8 days' WHERE id = ${canceled}`,
    );
    expect((await purgeExpired(env.runtime)).deleted).toBe(1);
    expect(await jobRow(env, canceled)).toBeUndefined();
  });
  it('drops used device nonces past their window, keeping live ones', async () => {
    await using env = await testEnv();
    const device = '00000000-0000-4000-8000-000000000001';
    await env.runtime.db.execute(
      sql`INSERT INTO device_nonces (device_id, nonce, expires_at) VALUES
            (${device}, 'old-nonce', now() - interval '1 second'), (${device}, 'live-nonce', now() + interval '5 minutes')`,
    );
    expect((await purgeExpired(env.runtime)).nonces).toBe(1);
    const left = await env.runtime.db.execute(sql`SELECT nonce FROM device_nonces`);
    expect((left as unknown as { rows: { nonce: string }[] }).rows.map((r) => r.nonce)).toEqual(['live-nonce']);
  });
});
