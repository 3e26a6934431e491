/** Shared steps of the worker suites: queue real jobs through core, read rows, list blobs. */
import { localJobFolder } from '../../../core/blobs/local-blob-store.ts';
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { invoke } from '../../../core/operation.ts';
import { createJobFromUpload } from '../../../core/operations.ts';
import { jobs, type JobRow } from '../../../db/schema.ts';
import type { ConvertJobOptions, WorkerDeps } from '../../../worker/convert-job.ts';
import { claimJobs, type ClaimedJob } from '../../../worker/sql/claim-jobs.ts';
import { makePdf } from '../../support/pdf.ts';
import type { TestEnv, TestUser } from '../../support/test-env.ts';

/** Queues a job through create_job_from_upload and returns its id. */
export async function queueJob(env: TestEnv, user: TestUser, pdf?: Buffer): Promise<string> {
  const content = pdf ?? (await makePdf());
  const job = await invoke(createJobFromUpload, env.ctx(user.principal), {
    content_base64: content.toString('base64'),
    file_name: 'doc.pdf',
  });
  return job.job_id;
}

export async function jobRow(env: TestEnv, id: string): Promise<JobRow | undefined> {
  const [row] = await env.runtime.db.select().from(jobs).where(eq(jobs.id, id));
  return row;
}

/** Claims exactly one job as `workerId` from both pools. */
export async function claimOne(env: TestEnv, workerId: string): Promise<ClaimedJob> {
  const [job] = await claimJobs(env.runtime.db, {
    workerId,
    pools: ['paid', 'free'],
    limit: 1,
    leaseSeconds: env.config.leaseSeconds,
  });
  if (!job) throw new Error('nothing to claim');
  return job;
}

/** Simulates time passing for a lease: it ran out a minute ago. */
export async function expireLease(env: TestEnv, id: string): Promise<void> {
  await env.runtime.db.execute(
    sql`UPDATE jobs SET lease_until = now() - interval '1 minute' WHERE id = ${id}`,
  );
}

/** Files stored under jobs/<id>/ in the blob store. */
export async function blobsOf(env: TestEnv, id: string): Promise<string[]> {
  try {
    return (await readdir(join(env.dataDir, 'blobs', localJobFolder(id))))
      .filter((f) => !f.startsWith('.tmp-'))
      .sort();
  } catch {
    return [];
  }
}

export const deps = (env: TestEnv): WorkerDeps => env.runtime;

export type { ConvertJobOptions };
