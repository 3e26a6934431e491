/**
 * The local blob store through the service: every way a job's files go away
 * (deletion of a ready job, the retention sweep of an expired result, a
 * failed job's input released, a queued job canceled and its tombstone
 * deleted) leaves no folder behind in `blobs/jobs/`. Before the fan-out each
 * deleted job left an empty folder there (857 after a soak of 854 jobs).
 */
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { invoke } from '../../../core/operation.ts';
import { deleteJob } from '../../../core/operations.ts';
import { createWorker, purgeExpired } from '../../../worker/worker.ts';
import { testEnv } from '../../support/test-env.ts';
import { blobsOf, queueJob } from '../worker/helpers.ts';

/** Every path under blobs/jobs/, folders included. */
async function tree(root: string): Promise<string[]> {
  const entries = await readdir(root, { recursive: true }).catch(() => [] as string[]);
  return entries.sort();
}

describe('local blob store: no folder outlives its job', () => {
  it('deletion, expiry, released inputs and deleted tombstones leave blobs/jobs/ empty', { timeout: 180_000 }, async () => {
    await using env = await testEnv();
    const jobsDir = join(env.dataDir, 'blobs', 'jobs');
    const alice = await env.user();
    const deleted = await queueJob(env, alice);
    const expired = await queueJob(env, alice);
    const failed = await queueJob(env, alice, Buffer.from('%PDF-1.4 nothing here'));
    await createWorker(env.runtime, { concurrency: 1, pools: ['free'] }).runOnce();
    const canceled = await queueJob(env, alice);
    expect(await blobsOf(env, deleted)).toHaveLength(2);
    expect(await blobsOf(env, failed)).toHaveLength(1);
    expect(await blobsOf(env, canceled)).toHaveLength(1);

    await invoke(deleteJob, env.ctx(alice.principal), { job_id: deleted });
    await invoke(deleteJob, env.ctx(alice.principal), { job_id: canceled });
    await env.runtime.db.execute(sql`UPDATE jobs SET ready_at = now() - interval '61 minutes' WHERE id = ${expired}`);
    const report = await purgeExpired(env.runtime);
    expect(report.expired).toBe(1);
    expect(report.inputsReleased).toBe(1);
    await env.runtime.db.execute(sql`UPDATE jobs SET status_since = now() - interval '8 days', expired_at = now() - interval '8 days'`);
    expect((await purgeExpired(env.runtime)).deleted).toBe(4);

    expect(await tree(jobsDir)).toEqual([]);
  });
});
