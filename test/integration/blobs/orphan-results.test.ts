/**
 * A worker that dies between writing a job's result and completing the job
 * leaves an object no row names: the next attempt writes its own result
 * under a fresh key. Deletion and the retention sweep remove the job's whole
 * prefix, so that orphan goes too, on both stores. Before, they removed only
 * the keys the row named and the orphan stayed for ever.
 */
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { ListObjectsV2Command } from '@aws-sdk/client-s3';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { S3BlobConfig } from '../../../core/blobs/blob-config.ts';
import { newOutputKey } from '../../../core/jobs/job-blob-keys.ts';
import { imagesKeyOf } from '../../../core/jobs/result-images.ts';
import { invoke } from '../../../core/operation.ts';
import { deleteJob } from '../../../core/operations.ts';
import { createWorker, purgeExpired, reapExpiredLeases } from '../../../worker/worker.ts';
import { startS3Server, type S3TestServer } from '../../support/s3-server.ts';
import { testEnv, type TestEnv, type TestUser } from '../../support/test-env.ts';
import { claimOne, expireLease, jobRow, queueJob } from '../worker/helpers.ts';

let s3: S3TestServer;
beforeAll(async () => {
  s3 = await startS3Server();
  await s3.createBucket('orphans');
});
afterAll(async () => s3[Symbol.asyncDispose]());

type Store = { name: string; env(): Record<string, string>; blobs(env: TestEnv): Promise<string[]> };

const local: Store = {
  name: 'local directory',
  env: () => ({}),
  // Files and folders alike: an emptied job folder left behind counts too.
  blobs: async (env) => (await readdir(join(env.dataDir, 'blobs', 'jobs'), { recursive: true }).catch(() => [] as string[])).sort(),
};

const bucket: Store = {
  name: 'S3',
  env: () => s3.env('orphans', `run-${crypto.randomUUID()}`),
  // Everything under this environment's prefix of the bucket.
  blobs: async (env) => {
    const { prefix } = env.config.blobs as S3BlobConfig;
    const page = await s3.client.send(new ListObjectsV2Command({ Bucket: 'orphans', Prefix: prefix }));
    return (page.Contents ?? []).map((o) => o.Key!).sort();
  },
};

/** A job whose first attempt stored its Markdown and pictures and then died: no row names those objects. */
async function jobWithDeadAttempt(env: TestEnv, user: TestUser): Promise<{ id: string; orphan: string }> {
  const id = await queueJob(env, user);
  const claimed = await claimOne(env, 'worker-that-dies');
  expect(claimed.id).toBe(id);
  const orphan = newOutputKey(id); // as settle-job's publish names it
  await env.runtime.blobs.put(orphan, Readable.from([Buffer.from('# from the dead attempt\n')]), { maxBytes: 1000 });
  await env.runtime.blobs.put(imagesKeyOf(orphan), Readable.from([Buffer.from('png bytes')]), { maxBytes: 1000 });
  // The process is gone: no complete, no heartbeat; its lease runs out and the reaper hands the job on.
  await expireLease(env, id);
  return { id, orphan };
}

describe.each([local, bucket])('$name: every object of a job goes, whichever attempt wrote it', (store) => {
  it('deleting a ready job, expiring one and releasing a failed one leave nothing in the store', { timeout: 180_000 }, async () => {
    await using env = await testEnv(store.env());
    const alice = await env.user();
    const worker = createWorker(env.runtime, { concurrency: 1, pools: ['free'] });

    const deleted = await jobWithDeadAttempt(env, alice);
    expect(await reapExpiredLeases(env.runtime.db)).toMatchObject([{ id: deleted.id, status: 'queued' }]);
    expect(await worker.runOnce()).toBe(1);
    const expired = await jobWithDeadAttempt(env, alice);
    expect(await reapExpiredLeases(env.runtime.db)).toMatchObject([{ id: expired.id, status: 'queued' }]);
    expect(await worker.runOnce()).toBe(1);
    // A job whose dead attempt was its last: the reaper fails it, its input and the orphan remain.
    const failed = await jobWithDeadAttempt(env, alice);
    await env.runtime.db.execute(sql`UPDATE jobs SET attempts = max_attempts WHERE id = ${failed.id}`);
    expect(await reapExpiredLeases(env.runtime.db)).toMatchObject([{ id: failed.id, status: 'error' }]);

    for (const job of [deleted, expired]) {
      const row = await jobRow(env, job.id);
      expect(row).toMatchObject({ status: 'ready', attempts: 2 });
      expect(row!.outputKey).not.toBe(job.orphan);
    }
    const before = await store.blobs(env);
    for (const job of [deleted, expired, failed]) expect(before.some((k) => k.endsWith(job.orphan.split('/').pop()!))).toBe(true);

    await invoke(deleteJob, env.ctx(alice.principal), { job_id: deleted.id });
    await env.runtime.db.execute(sql`UPDATE jobs SET ready_at = now() - make_interval(secs => retention_seconds + 1) WHERE id = ${expired.id}`);
    expect(await purgeExpired(env.runtime)).toMatchObject({ expired: 1, inputsReleased: 1 });

    expect(await store.blobs(env)).toEqual([]);
  });

  it('a result stored after the job was canceled, by a worker that then died, goes with the tombstone', { timeout: 120_000 }, async () => {
    await using env = await testEnv(store.env());
    const alice = await env.user();
    const id = await queueJob(env, alice);
    await claimOne(env, 'worker-that-dies');
    await invoke(deleteJob, env.ctx(alice.principal), { job_id: id });
    // The worker had not noticed the cancel: it stores its result, then dies before its fenced write.
    await env.runtime.blobs.put(newOutputKey(id), Readable.from([Buffer.from('# late\n')]), { maxBytes: 1000 });
    expect(await store.blobs(env)).not.toEqual([]);
    await env.runtime.db.execute(sql`UPDATE jobs SET status_since = now() - interval '8 days' WHERE id = ${id}`);
    expect(await purgeExpired(env.runtime)).toMatchObject({ deleted: 1 });
    expect(await store.blobs(env)).toEqual([]);
  });
});
