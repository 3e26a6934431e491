/**
 * A delivery row the dispatcher cannot use — no secret to sign with, a
 * malformed job document, a sealed secret that does not open — fails on its
 * own with a code, and every other delivery claimed with it goes out. The
 * rows are written directly into the outbox, as a bug or a hand edit would.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../../../db/rows.ts';
import { createDispatcher } from '../../../worker/webhooks/dispatcher.ts';
import { loopbackOnlyInThisFile } from '../../support/loopback-only.ts';
import { testEnv } from '../../support/test-env.ts';
import { serviceEnv, startReceiver, type Receiver } from '../../support/webhook-receiver.ts';
import { account, converted, queue, register, settleNext } from './helpers.ts';

loopbackOnlyInThisFile();
let receiver: Receiver;
beforeAll(async () => {
  receiver = await startReceiver();
});
afterAll(() => receiver.close());

const JOB = { job_id: '00000000-0000-4000-8000-000000000001', status: 'ready', pages: 1, truncated: false, download_url: null };

describe('an unusable delivery row', () => {
  it('fails alone with malformed_delivery; another tenant\'s deliveries claimed with it are sent', async () => {
    await using env = await testEnv(serviceEnv(receiver));
    const attacker = await account(env);
    const other = await account(env);
    await register(env, other, `${receiver.base}/other`);
    for (let i = 0; i < 3; i++) {
      await queue(env, other);
      await settleNext(env, converted());
    }
    const poison = (secret: string | null, job: unknown) => sql`
      INSERT INTO webhook_deliveries (event_id, account_id, event, callback_url, callback_secret, job, run_at)
      VALUES (gen_random_uuid(), ${attacker.accountId}, 'job.ready', ${`${receiver.base}/poison`}, ${secret},
        ${JSON.stringify(job)}::jsonb, now() - interval '1 hour') RETURNING id`;
    const bad = [
      ...(await rows<{ id: string }>(env.runtime.db, poison(null, JOB))),
      ...(await rows<{ id: string }>(env.runtime.db, poison('not-a-sealed-secret', JOB))),
      ...(await rows<{ id: string }>(env.runtime.db, poison('not-a-sealed-secret', { job_id: 7 }))),
    ].map((r) => r.id);

    // The poison rows are oldest, so they are claimed in the same batch as the three good ones.
    expect(await createDispatcher(env.runtime).runOnce()).toBe(6);
    expect(receiver.at('/other')).toHaveLength(3);
    expect(receiver.at('/poison')).toHaveLength(0);

    const states = await rows<{ id: string; status: string; last_error: string | null; lease: string | null }>(
      env.runtime.db,
      sql`SELECT id, status, last_error, lease FROM webhook_deliveries ORDER BY run_at`,
    );
    const byId = new Map(states.map((s) => [s.id, s]));
    for (const id of bad) {
      expect(byId.get(id)).toMatchObject({ status: 'failed', lease: null });
      expect(byId.get(id)!.last_error).toMatch(/^malformed_delivery: /);
    }
    expect(states.filter((s) => !bad.includes(s.id)).map((s) => s.status)).toEqual(['delivered', 'delivered', 'delivered']);
    // Nothing is left leased for the reaper to re-queue.
    expect(await createDispatcher(env.runtime).sweep()).toBe(0);
  });
});
