import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { rows } from '../../../db/rows.ts';
import { processJob } from '../../../worker/process-job.ts';
import { settleJob } from '../../../worker/settle-job.ts';
import { createWorker } from '../../../worker/worker.ts';
import { testEnv } from '../../support/test-env.ts';
import { claimOne, deps, jobRow, queueJob } from './helpers.ts';

const HANG_CHILD = fileURLToPath(new URL('../../support/children/hang-child.ts', import.meta.url));
const KILLED_CHILD = fileURLToPath(new URL('../../support/children/killed-child.ts', import.meta.url));

describe('worker: graceful stop', () => {
  it('stop() lets the running conversion run up to its timeout, then hands the job back', async () => {
    await using env = await testEnv();
    const alice = await env.user();
    const worker = createWorker(env.runtime, {
      concurrency: 1,
      pools: ['free'],
      childModule: HANG_CHILD,
      stopTimeoutMs: 200,
    });
    const claimed = new Promise<string>((resolve) => worker.events.once('claimed', (j) => resolve(j.id)));
    const settled = new Promise<string>((resolve) => worker.events.once('job', (e) => resolve(e.outcome)));
    worker.start();
    const id = await queueJob(env, alice);
    expect(await claimed).toBe(id);
    await worker.stop();
    expect(await settled).toBe('abandoned');
    expect(await jobRow(env, id)).toMatchObject({
      status: 'queued',
      attempts: 0,
      lease: null,
      leaseOwner: null,
    });
    // The next worker finishes it.
    expect(await createWorker(env.runtime, { concurrency: 1, pools: ['free'] }).runOnce()).toBe(1);
    expect((await jobRow(env, id))?.status).toBe('ready');
  });
});

describe('worker: transient failures', () => {
  it('are retried later with backoff, then fail with internal_error once attempts are used up', async () => {
    await using env = await testEnv({ P2M_MAX_ATTEMPTS: '2' });
    const alice = await env.user();
    const id = await queueJob(env, alice);
    const first = await claimOne(env, 'w');
    expect(await settleJob(deps(env), first, { kind: 'transient', message: 'disk hiccup' })).toBe('retry');
    const [due] = await rows<{ later: boolean }>(
      env.runtime.db,
      sql`SELECT run_at > now() + interval '5 seconds' AS later FROM jobs WHERE id = ${id}`,
    );
    expect(due?.later).toBe(true);
    expect(await jobRow(env, id)).toMatchObject({
      status: 'queued',
      lease: null,
      errorMessage: 'disk hiccup',
    });

    await env.runtime.db.execute(sql`UPDATE jobs SET run_at = now() - interval '1 second' WHERE id = ${id}`);
    const second = await claimOne(env, 'w');
    expect(second.attempts).toBe(2);
    expect(await settleJob(deps(env), second, { kind: 'transient', message: 'disk hiccup' })).toBe('error');
    const row = await jobRow(env, id);
    expect(row).toMatchObject({ status: 'error', errorCode: 'internal_error' });
    expect(row?.errorMessage).toMatch(/disk hiccup/);
  });
});

describe('worker: a converter killed from outside', () => {
  it('(the OOM killer\'s SIGKILL) is retried within max attempts, not failed as the document\'s fault', async () => {
    await using env = await testEnv({ P2M_MAX_ATTEMPTS: '3' });
    const alice = await env.user();
    const id = await queueJob(env, alice);
    const job = await claimOne(env, 'w');
    expect(await processJob(deps(env), job, { childModule: KILLED_CHILD })).toBe('retry');
    const row = await jobRow(env, id);
    expect(row).toMatchObject({ status: 'queued', attempts: 1, errorCode: null, lease: null });
    expect(row?.errorMessage).toMatch(/killed from outside \(SIGKILL\)/);
  });
});
