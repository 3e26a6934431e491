/**
 * Deliveries end to end: a job's state change writes its events, the
 * dispatcher signs and POSTs them to a real HTTPS receiver on loopback, and
 * the README's own verification snippets (Node and Python) accept them.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invoke } from '../../../core/operation.ts';
import { deleteJob } from '../../../core/operations.ts';
import { createDispatcher } from '../../../worker/webhooks/dispatcher.ts';
import { purgeExpired } from '../../../worker/worker.ts';
import { loopbackOnlyInThisFile } from '../../support/loopback-only.ts';
import { readmeVerifiers } from '../../support/readme-verifiers.ts';
import { testEnv } from '../../support/test-env.ts';
import { serviceEnv, startReceiver, type Receiver } from '../../support/webhook-receiver.ts';
import type { Conversion } from '../../../worker/convert-job.ts';
import { account, converted, deliveries, queue, register, settleNext } from './helpers.ts';

loopbackOnlyInThisFile();
let receiver: Receiver;
let verify: Awaited<ReturnType<typeof readmeVerifiers>>;
beforeAll(async () => {
  receiver = await startReceiver();
  verify = await readmeVerifiers();
});
afterAll(() => receiver.close());

const json = (b: Buffer) => JSON.parse(b.toString('utf8')) as { event: string; job: Record<string, unknown> };

describe('webhook deliveries', () => {
  it('job.ready reaches the endpoint signed so that both README snippets verify it; a wrong secret or body does not', async () => {
    await using env = await testEnv(serviceEnv(receiver));
    const a = await account(env);
    const hook = await register(env, a, `${receiver.base}/ready`);
    await queue(env, a);
    const jobId = await settleNext(env, converted());
    expect(await createDispatcher(env.runtime).runOnce()).toBe(1);

    const [got] = receiver.at('/ready');
    expect(json(got!.body)).toEqual({
      event: 'job.ready',
      job: { job_id: jobId, status: 'ready', pages: 3, truncated: false, download_url: `/api/v2/jobs/${jobId}/download` },
    });
    expect(Object.keys(json(got!.body))).toEqual(['event', 'job']);
    expect(got!.headers).toMatchObject({ 'x-p2m-event': 'job.ready', 'content-type': 'application/json' });
    expect(got!.headers['x-p2m-timestamp']).toMatch(/^\d{10}$/);
    expect(got!.headers['x-p2m-signature']).toMatch(/^sha256=[0-9a-f]{64}$/);
    expect(verify.node(hook.secret, [got!])).toEqual([true]);
    expect(verify.python(hook.secret, [got!])).toEqual([true]);
    const tampered = { headers: got!.headers, body: Buffer.from(got!.body.toString().replace('"pages":3', '"pages":4')) };
    const wrong = `${hook.secret.slice(0, -1)}x`;
    expect(verify.node(hook.secret, [tampered])).toEqual([false]);
    expect(verify.python(wrong, [got!])).toEqual([false]);

    const [log] = await deliveries(env, a);
    expect(log).toMatchObject({
      event_id: got!.headers['x-p2m-delivery'], webhook_id: hook.id, target: 'endpoint', event: 'job.ready', job_id: jobId,
      status: 'delivered', attempts: 1, response_code: 200, error: null, test: false,
    });
    expect(log!.attempt_log).toMatchObject([{ attempt: 1, outcome: 'delivered', response_code: 200 }]);
  });

  it('a truncated result fires job.truncated in addition to job.ready; the filter selects events', async () => {
    await using env = await testEnv(serviceEnv(receiver));
    const a = await account(env);
    await register(env, a, `${receiver.base}/all`);
    await register(env, a, `${receiver.base}/only-truncated`, ['job.truncated']);
    await queue(env, a);
    await settleNext(env, converted(true));
    await createDispatcher(env.runtime).runOnce();
    expect(receiver.at('/all').map((r) => r.headers['x-p2m-event']).sort()).toEqual(['job.ready', 'job.truncated']);
    expect(receiver.at('/only-truncated').map((r) => json(r.body))).toMatchObject([{ event: 'job.truncated', job: { truncated: true } }]);
    // One event id per event, shared by its destinations.
    const truncatedIds = receiver.received.filter((r) => r.headers['x-p2m-event'] === 'job.truncated').map((r) => r.headers['x-p2m-delivery']);
    expect(new Set(truncatedIds).size).toBe(1);
  });

  it('job.error on failure; job.deleted on cancel, on delete of a finished job, and on retention — once per job', async () => {
    await using env = await testEnv(serviceEnv(receiver));
    const a = await account(env);
    await register(env, a, `${receiver.base}/lifecycle`);
    const failed = (await queue(env, a), await settleNext(env, { kind: 'failed', code: 'malformed_pdf', message: 'bad' }));
    const canceled = await queue(env, a);
    await invoke(deleteJob, env.ctx(a.principal), { job_id: canceled });
    await invoke(deleteJob, env.ctx(a.principal), { job_id: canceled }); // repeated: nothing more
    const deleted = (await queue(env, a), await settleNext(env, converted()));
    await invoke(deleteJob, env.ctx(a.principal), { job_id: deleted });
    const expired = (await queue(env, a), await settleNext(env, converted()));
    await env.runtime.db.execute(sql`UPDATE jobs SET ready_at = now() - interval '2 days' WHERE id = ${expired}`);
    await purgeExpired(env.runtime);
    await invoke(deleteJob, env.ctx(a.principal), { job_id: expired }); // already expired: nothing more
    await createDispatcher(env.runtime).runOnce();

    const seen = receiver.at('/lifecycle').map((r) => json(r.body)).map((b) => `${b.event} ${b.job.job_id as string} ${b.job.status as string}`);
    expect(seen.sort()).toEqual(
      [
        `job.error ${failed} error`,
        `job.deleted ${canceled} canceled`,
        `job.ready ${deleted} ready`,
        `job.deleted ${deleted} ready`,
        `job.ready ${expired} ready`,
        `job.deleted ${expired} expired`,
      ].sort(),
    );
  });

  it('a result that dropped hidden text carries its count in the job object and fires no event of its own', async () => {
    await using env = await testEnv(serviceEnv(receiver));
    const a = await account(env);
    await register(env, a, `${receiver.base}/hidden`);
    await queue(env, a);
    const conversion: Conversion = { kind: 'converted', markdown: '# Title\n', pages: 3, pagesDone: 3, truncated: false, hiddenText: { spans: 4, pages: [2], kinds: ['render_mode_3'] } };
    const jobId = await settleNext(env, conversion);
    await createDispatcher(env.runtime).runOnce();
    const got = receiver.at('/hidden').map((r) => json(r.body));
    expect(got).toEqual([{
      event: 'job.ready',
      job: { job_id: jobId, status: 'ready', pages: 3, truncated: false, download_url: `/api/v2/jobs/${jobId}/download`, hidden_text_spans: 4 },
    }]);
  });

  it('a per-job callback gets the job\'s events signed with its callback_secret', async () => {
    await using env = await testEnv(serviceEnv(receiver));
    const a = await account(env);
    const callbackSecret = 'cb-secret-0123456789abcdef';
    await queue(env, a, { callback_url: `${receiver.base}/callback`, callback_secret: callbackSecret });
    const jobId = await settleNext(env, converted());
    await createDispatcher(env.runtime).runOnce();
    const got = receiver.at('/callback');
    expect(got.map((r) => json(r.body).job.job_id)).toEqual([jobId]);
    expect(verify.node(callbackSecret, got)).toEqual([true]);
    expect(verify.python(callbackSecret, got)).toEqual([true]);
    expect((await deliveries(env, a))[0]).toMatchObject({ target: 'callback', webhook_id: null, url: `${receiver.base}/callback`, status: 'delivered' });
    // The secret is sealed at rest, never stored as given.
    const stored = await env.runtime.db.execute(sql`SELECT callback_secret FROM webhook_deliveries`);
    expect(JSON.stringify(stored)).not.toContain(callbackSecret);
  });
});
