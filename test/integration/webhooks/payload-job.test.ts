/**
 * A delivery's `job` object is the Job of the API, cut down: each of its
 * fields has the Job schema's type (download_url null instead of absent),
 * and its values are the job view's at the time of the event. The payload is
 * built in SQL (core/webhooks/outbox-sql.ts) and the view in TypeScript
 * (core/jobs/job-view.ts), so only this test keeps the two equal.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { Job } from '../../../core/jobs/job-schema.ts';
import { invoke } from '../../../core/operation.ts';
import { getJob } from '../../../core/operations.ts';
import { WebhookEvent } from '../../../core/webhooks/webhook-events.ts';
import { testJob } from '../../../core/webhooks/send-test-webhook.ts';
import { rows } from '../../../db/rows.ts';
import { purgeExpired } from '../../../worker/worker.ts';
import { loopbackOnlyInThisFile } from '../../support/loopback-only.ts';
import { testEnv, type TestEnv } from '../../support/test-env.ts';
import { serviceEnv, startReceiver, type Receiver } from '../../support/webhook-receiver.ts';
import { account, converted, queue, register, settleNext, type Account } from './helpers.ts';

/** The Job fields a payload carries, with the Job schema's types; nothing else. */
const PayloadJob = Job.pick({ job_id: true, status: true, pages: true, truncated: true })
  .extend({ download_url: Job.shape.download_url.unwrap().nullable() })
  .strict();

loopbackOnlyInThisFile();
let receiver: Receiver;
beforeAll(async () => {
  receiver = await startReceiver();
});
afterAll(() => receiver.close());

async function payloads(env: TestEnv, jobId: string): Promise<Map<string, unknown>> {
  const found = await rows<{ event: string; job: unknown }>(
    env.runtime.db,
    sql`select event, job from webhook_deliveries where job_id = ${jobId} and endpoint_id is not null`,
  );
  return new Map(found.map((r) => [r.event, r.job]));
}

/** What the payload must say, read from the job view now. */
async function fromView(env: TestEnv, a: Account, jobId: string): Promise<z.output<typeof PayloadJob>> {
  const view = await invoke(getJob, env.ctx(a.principal), { job_id: jobId });
  return { job_id: view.job_id, status: view.status, pages: view.pages, truncated: view.truncated, download_url: view.download_url ?? null };
}

describe('the job object of a webhook payload', () => {
  it('is the job view\'s fields, typed as the Job schema, for ready, truncated, error and retention events', async () => {
    await using env = await testEnv(serviceEnv(receiver));
    const a = await account(env);
    await register(env, a, `${receiver.base}/payload`);

    const partial = (await queue(env, a), await settleNext(env, converted(true)));
    const ready = await payloads(env, partial);
    expect([...ready.keys()].sort()).toEqual(['job.ready', 'job.truncated']);
    for (const job of ready.values()) expect(PayloadJob.parse(job)).toEqual(await fromView(env, a, partial));
    expect(PayloadJob.parse(ready.get('job.ready')).download_url).not.toBeNull();

    const failed = (await queue(env, a), await settleNext(env, { kind: 'failed', code: 'malformed_pdf', message: 'bad' }));
    const error = (await payloads(env, failed)).get('job.error');
    expect(PayloadJob.parse(error)).toEqual(await fromView(env, a, failed));
    expect(PayloadJob.parse(error).download_url).toBeNull();

    await env.runtime.db.execute(sql`UPDATE jobs SET ready_at = now() - interval '2 days' WHERE id = ${partial}`);
    await purgeExpired(env.runtime);
    const expired = (await payloads(env, partial)).get('job.deleted');
    expect(PayloadJob.parse(expired)).toEqual(await fromView(env, a, partial));
    expect(PayloadJob.parse(expired).status).toBe('expired');
  });

  it('of a test event has the same shape', () => {
    for (const event of WebhookEvent.options) expect(() => PayloadJob.parse(testJob(event))).not.toThrow();
  });
});
