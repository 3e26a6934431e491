/**
 * v1 priority = tier base − max(4, runs today by this device with the same
 * converter). A crowded queue is claimed in that order, with the worker's
 * own claim statement.
 */
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ensureAccount } from '../../../core/accounts/ensure-account.ts';
import type { Db } from '../../../db/database.ts';
import { rows } from '../../../db/rows.ts';
import { claimJobs } from '../../../worker/sql/claim-jobs.ts';
import { pdfBytes } from './support/pdf-bytes.ts';
import { startV1 } from './support/v1-server.ts';

/** Seeds finished runs made earlier today by a device (not active, so they take no slot). */
async function seedRunsToday(db: Db, deviceId: string, converter: string, n: number) {
  for (let i = 0; i < n; i++) {
    await db.execute(sql`INSERT INTO jobs (owner_type, owner_key, device_id, lane, tier, pool, status, source_kind,
        file_name, settings, time_budget_ms, on_budget, retention_seconds, max_attempts)
      VALUES ('device', ${`device:${deviceId}`}, ${deviceId}, 'v1', 'anonymous', 'free', 'ready', 'upload',
        'old.pdf', ${JSON.stringify({ converter })}::jsonb, 300000, 'fail', 3600, 3)`);
  }
}

const priorityOf = async (db: Db, id: string) =>
  (await rows<{ priority: number }>(db, sql`select priority from jobs where id = ${id}`))[0]!.priority;

describe('v1 queue priority', () => {
  it('orders a crowded queue by runs today with the same converter, floor 4', async () => {
    await using v1 = await startV1();
    const db = v1.env.runtime.db;
    const [light, mixed, busy, heavy] = [await v1.device(), await v1.device(), await v1.device(), await v1.device()];
    await seedRunsToday(db, mixed.principal.deviceId, 'ocr', 10); // other converter: does not count
    await seedRunsToday(db, mixed.principal.deviceId, 'text', 3); // under the floor
    await mixed.client.updateSettings({ converter: 'text' });
    await seedRunsToday(db, busy.principal.deviceId, 'auto', 6);
    await seedRunsToday(db, heavy.principal.deviceId, 'auto', 10);
    // Heaviest first, so that age alone would give the opposite order.
    const jobs = {
      heavy: await heavy.client.createJobFromFile(await pdfBytes(), 'h.pdf'),
      busy: await busy.client.createJobFromFile(await pdfBytes(), 'b.pdf'),
      light: await light.client.createJobFromFile(await pdfBytes(), 'l.pdf'),
      mixed: await mixed.client.createJobFromFile(await pdfBytes(), 'm.pdf'),
    };
    const priorities = Object.fromEntries(
      await Promise.all(Object.entries(jobs).map(async ([k, j]) => [k, await priorityOf(db, j.job_id)])),
    );
    expect(priorities).toEqual({ heavy: -10, busy: -6, light: -4, mixed: -4 });

    const order: string[] = [];
    for (;;) {
      const [claimed] = await claimJobs(db, { workerId: 't', pools: ['free'], limit: 1, leaseSeconds: 60 });
      if (!claimed) break;
      order.push(Object.entries(jobs).find(([, j]) => j.job_id === claimed.id)![0]);
    }
    // Equal priorities go by age.
    expect(order).toEqual(['light', 'mixed', 'busy', 'heavy']);
  });

  it('a device linked to a paid account keeps the v1 processing limit (5 min, fail)', async () => {
    await using v1 = await startV1();
    const db = v1.env.runtime.db;
    const { client, principal } = await v1.device();
    const account = await ensureAccount(db, 'pro-device@test.local', 'pro');
    await db.execute(sql`UPDATE devices SET account_id = ${account.id} WHERE id = ${principal.deviceId}`);
    const job = await client.createJobFromFile(await pdfBytes(), 'a.pdf');
    const [row] = await rows<Record<string, unknown>>(
      db,
      sql`select owner_type, tier, pool, priority, time_budget_ms, on_budget from jobs where id = ${job.job_id}`,
    );
    expect(row).toEqual({
      owner_type: 'account_device',
      tier: 'pro',
      pool: 'paid',
      priority: 100 - 4,
      time_budget_ms: 300_000,
      on_budget: 'fail',
    });
  });
});
