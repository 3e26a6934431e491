/**
 * The paid pool on the worker's real claim statement: a paid job submitted
 * behind a crowded free queue starts first; free jobs still start within the
 * aging bound however many paid jobs keep arriving; a paid-pool worker never
 * takes free work; a free-pool worker takes paid work only when no free job
 * waits.
 */
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createPoolWorkers } from '../../../worker/pool-workers.ts';
import { claimJobs } from '../../../worker/sql/claim-jobs.ts';
import { claimPoolsOf } from '../../../core/queue/worker-pools.ts';
import { testEnv, type TestEnv } from '../../support/test-env.ts';
import { makePdf } from '../../support/pdf.ts';
import { queueJob } from './helpers.ts';

const CROWD = { P2M_TIERS: JSON.stringify({ free: { slots: 60 }, pro: { slots: 60 } }) };

/** One claim as a worker of a pool mode would make it. */
async function claimAs(env: TestEnv, mode: 'paid' | 'free' | 'all', limit = 1): Promise<string[]> {
  const claimed = await claimJobs(env.runtime.db, {
    workerId: mode,
    ...claimPoolsOf(mode),
    limit,
    leaseSeconds: 60,
  });
  return claimed.map((j) => j.id);
}

/** Every queued job waited `seconds` more (time passing, on the database clock). */
const age = (env: TestEnv, seconds: number) =>
  env.runtime.db.execute(sql`UPDATE jobs SET run_at = run_at - make_interval(secs => ${seconds}) WHERE status = 'queued'`);

describe('paid pool', () => {
  it('a paid job submitted behind 50 free jobs starts before them', async () => {
    await using env = await testEnv(CROWD);
    const free = await env.user();
    const pro = await env.user({ tier: 'pro' });
    const pdf = await makePdf();
    const crowd: string[] = [];
    for (let i = 0; i < 50; i++) crowd.push(await queueJob(env, free, pdf));
    // The crowd has waited a while already (a minute), the paid job just arrived.
    await age(env, 60);
    const paid = await queueJob(env, pro, pdf);
    expect(await claimAs(env, 'all')).toEqual([paid]);
    // Then the free jobs, oldest first.
    expect(await claimAs(env, 'all', 3)).toEqual(crowd.slice(0, 3));
  });

  it('does not starve free jobs: once a free job has waited (paid base − its priority) × aging, new paid jobs no longer go first', async () => {
    await using env = await testEnv(CROWD);
    const free = await env.user();
    const pro = await env.user({ tier: 'pro' });
    const pdf = await makePdf();
    const waiting = await queueJob(env, free, pdf);
    const bound = (env.config.tiers.pro.priority - env.config.tiers.free.priority) * env.config.priorityAgingSeconds;
    // Paid jobs keep arriving; each is claimed ahead of the free job until the bound has passed.
    for (let waited = 0; waited < bound; waited += 60) {
      const paid = await queueJob(env, pro, pdf);
      expect(await claimAs(env, 'all')).toEqual([paid]);
      await age(env, 60);
    }
    await age(env, 1);
    await queueJob(env, pro, pdf);
    expect(await claimAs(env, 'all')).toEqual([waiting]);
  });

  it('a paid-pool worker takes only paid jobs; a free-pool worker takes paid jobs only when no free job waits', async () => {
    await using env = await testEnv(CROWD);
    const free = await env.user();
    const pro = await env.user({ tier: 'pro' });
    const freeJob = await queueJob(env, free);
    const paidJob = await queueJob(env, pro);
    // The free worker prefers its own pool even though the paid job ranks higher.
    expect(await claimAs(env, 'free')).toEqual([freeJob]);
    const freeJob2 = await queueJob(env, free);
    expect(await claimAs(env, 'paid', 5)).toEqual([paidJob]);
    expect(await claimAs(env, 'paid')).toEqual([]);
    const paidJob2 = await queueJob(env, pro);
    expect(await claimAs(env, 'free', 5)).toEqual([freeJob2, paidJob2]);
  });

  it('runs one worker per configured pool with its own concurrency', async () => {
    await using env = await testEnv({ ...CROWD, P2M_WORKER_POOLS: 'paid=2,free=1' });
    const workers = await createPoolWorkers(env.runtime, env.config.workerPools);
    expect(env.config.workerPools).toEqual([{ pool: 'paid', concurrency: 2 }, { pool: 'free', concurrency: 1 }]);
    const pro = await env.user({ tier: 'pro' });
    await queueJob(env, pro);
    await queueJob(env, pro);
    const free = await env.user();
    await queueJob(env, free);
    // The paid worker drains the paid pool and leaves the free job to the free worker.
    expect(await workers[0]!.runOnce()).toBe(2);
    expect(await workers[1]!.runOnce()).toBe(1);
  });
});
