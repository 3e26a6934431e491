/**
 * The retention sweep frees device-link ticket rows a day past their expiry,
 * used or not (an expired or used ticket already links nothing; its row only
 * took space), and keeps the rest.
 */
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { rows } from '../../../db/rows.ts';
import { purgeExpired } from '../../../worker/worker.ts';
import { testEnv } from '../../support/test-env.ts';

describe('retention sweep: device-link tickets', () => {
  it('deletes used and unused tickets a day past their expiry, and keeps younger ones', async () => {
    await using env = await testEnv();
    const db = env.runtime.db;
    const [device] = await rows<{ id: string }>(db, sql`INSERT INTO devices (key_thumbprint, public_key, token_hash)
      VALUES ('thumb', '{}'::jsonb, 'device-token') RETURNING id`);
    const ticket = (name: string, expires: string, used: boolean) => db.execute(sql`INSERT INTO device_link_tickets
      (device_id, token_hash, expires_at, used_at) VALUES (${device!.id}, ${name}, now() + ${expires}::interval, ${used ? sql`now()` : null})`);
    await ticket('live', '10 minutes', false);
    await ticket('used-today', '-1 hour', true);
    await ticket('expired-today', '-23 hours', false);
    await ticket('used-long-ago', '-25 hours', true);
    await ticket('expired-long-ago', '-2 days', false);

    expect((await purgeExpired(env.runtime)).tickets).toBe(2);
    const left = await rows<{ token_hash: string }>(db, sql`SELECT token_hash FROM device_link_tickets ORDER BY token_hash`);
    expect(left.map((r) => r.token_hash)).toEqual(['expired-today', 'live', 'used-today']);
    expect((await purgeExpired(env.runtime)).tickets).toBe(0);
  });
});
