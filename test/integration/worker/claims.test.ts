import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { rows } from '../../../db/rows.ts';
import { claimJobs } from '../../../worker/sql/claim-jobs.ts';
import { heartbeat } from '../../../worker/sql/heartbeat.ts';
import { testEnv, type TestEnv } from '../../support/test-env.ts';
import { claimOne, jobRow, queueJob } from './helpers.ts';

const MANY_SLOTS = { P2M_TIERS: JSON.stringify({ free: { slots: 50 }, pro: { slots: 50 } }) };

async function setRow(env: TestEnv, id: string, priority: number, ageMinutes: number) {
  await env.runtime.db.execute(
    sql`UPDATE jobs SET priority = ${priority}, run_at = now() - make_interval(mins => ${ageMinutes}) WHERE id = ${id}`,
  );
}

describe('claim-jobs', () => {
  it('orders by effective priority (priority plus a point per aging period waited), then age', async () => {
    await using env = await testEnv(MANY_SLOTS);
    const free = await env.user();
    const pro = await env.user({ tier: 'pro' });
    const oldFree = await queueJob(env, free);
    const youngFree = await queueJob(env, free);
    const urgentFree = await queueJob(env, free);
    const paid = await queueJob(env, pro);
    // Default aging: a point per 6 s. oldFree 0 + 300, youngFree 0 + 100, urgentFree 5 + 10, paid 100 + 0.
    await setRow(env, oldFree, 0, 30);
    await setRow(env, youngFree, 0, 10);
    await setRow(env, urgentFree, 5, 1);
    await setRow(env, paid, 100, 0);
    const order: string[] = [];
    for (let i = 0; i < 4; i++) order.push((await claimOne(env, 'w')).id);
    expect(order).toEqual([oldFree, youngFree, paid, urgentFree]);
  });

  it('claims only its pools, nothing scheduled for later, nothing deleted', async () => {
    await using env = await testEnv(MANY_SLOTS);
    const free = await env.user();
    const pro = await env.user({ tier: 'pro' });
    const later = await queueJob(env, free);
    const gone = await queueJob(env, free);
    const paid = await queueJob(env, pro);
    await env.runtime.db.execute(sql`UPDATE jobs SET run_at = now() + interval '1 hour' WHERE id = ${later}`);
    await env.runtime.db.execute(sql`UPDATE jobs SET deleted_at = now() WHERE id = ${gone}`);
    const freeOnly = await claimJobs(env.runtime.db, {
      workerId: 'f',
      pools: ['free'],
      limit: 10,
      leaseSeconds: 60,
    });
    expect(freeOnly).toEqual([]);
    const paidOnly = await claimJobs(env.runtime.db, {
      workerId: 'p',
      pools: ['paid'],
      limit: 10,
      leaseSeconds: 60,
    });
    expect(paidOnly.map((j) => j.id)).toEqual([paid]);
    expect(paidOnly[0]).toMatchObject({ pool: 'paid', attempts: 1, converter: 'auto', onBudget: 'truncate' });
  });

  it('concurrent claims never hand one job to two workers', async () => {
    await using env = await testEnv(MANY_SLOTS);
    const user = await env.user();
    const ids = new Set<string>();
    for (let i = 0; i < 20; i++) ids.add(await queueJob(env, user));
    const batches = await Promise.all(
      Array.from({ length: 8 }, (_, w) =>
        claimJobs(env.runtime.db, { workerId: `w${w}`, pools: ['free'], limit: 3, leaseSeconds: 60 }).then(
          (jobs) => jobs.map((j) => ({ ...j, worker: `w${w}` })),
        ),
      ),
    );
    const claimed = batches.flat();
    expect(claimed).toHaveLength(20);
    expect(new Set(claimed.map((j) => j.id))).toEqual(ids);
    expect(new Set(claimed.map((j) => j.lease)).size).toBe(20);
    for (const j of claimed)
      expect(await jobRow(env, j.id)).toMatchObject({ leaseOwner: j.worker, lease: j.lease });
  });

  it('a heartbeat extends only its own lease', async () => {
    await using env = await testEnv();
    const user = await env.user();
    const id = await queueJob(env, user);
    const job = await claimOne(env, 'w');
    await env.runtime.db.execute(
      sql`UPDATE jobs SET lease_until = now() + interval '1 second' WHERE id = ${id}`,
    );
    expect(await heartbeat(env.runtime.db, { id, lease: job.lease, leaseSeconds: 600 })).toBe(true);
    const [row] = await rows<{ extended: boolean }>(
      env.runtime.db,
      sql`SELECT lease_until > now() + interval '500 seconds' AS extended FROM jobs WHERE id = ${id}`,
    );
    expect(row?.extended).toBe(true);
    const wrong = '00000000-0000-4000-8000-000000000000';
    expect(await heartbeat(env.runtime.db, { id, lease: wrong, leaseSeconds: 600 })).toBe(false);
  });
});
