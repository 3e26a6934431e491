/**
 * kill -9 of the process that converted a job, after the job's commit and
 * while its delivery is in flight: after a restart the event is delivered,
 * and the receiver got exactly one request per attempt in the log (the
 * interrupted one and the one that succeeded), both with the same
 * X-P2M-Delivery so it can de-duplicate. Nothing is lost: the delivery row
 * was written with the job's state.
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../../core/config.ts';
import { createRuntime, type Runtime } from '../../../core/runtime.ts';
import { invoke } from '../../../core/operation.ts';
import { createJobFromUpload, getJob } from '../../../core/operations.ts';
import { ensureAccount } from '../../../core/accounts/ensure-account.ts';
import { authenticateApiKey } from '../../../core/keys/authenticate-api-key.ts';
import { issueApiKey } from '../../../core/keys/issue-api-key.ts';
import { createWebhook, listWebhookDeliveries } from '../../../core/webhooks/webhook-operations.ts';
import { createDispatcher } from '../../../worker/webhooks/dispatcher.ts';
import { loopbackOnlyInThisFile } from '../../support/loopback-only.ts';
import { makePdf } from '../../support/pdf.ts';
import { cloneTemplate } from '../../support/pg-template.ts';
import { readmeVerifiers } from '../../support/readme-verifiers.ts';
import { DB_KIND, REDIS_URL } from '../../support/test-env.ts';
import { serviceEnv, startReceiver, type Receiver } from '../../support/webhook-receiver.ts';

loopbackOnlyInThisFile();
let receiver: Receiver;
beforeAll(async () => {
  receiver = await startReceiver();
});
afterAll(() => receiver.close());

const CHILD = join(import.meta.dirname, '../../support/webhook-crash-child.ts');

/** Makes an account with an endpoint and a queued job; returns what the test needs later. */
async function seed(runtime: Runtime) {
  const account = await ensureAccount(runtime.db, 'crash@test.local', 'pro');
  const { secret: key } = await issueApiKey(runtime.db, runtime.config.tiers, { accountId: account.id, name: 'k' });
  const session = { kind: 'session' as const, accountId: account.id, sessionId: 'crash', tier: 'pro' as const };
  const hook = await invoke(createWebhook, { ...runtime, principal: session, requestId: 't' }, { url: `${receiver.base}/crash` });
  const ctx = { ...runtime, principal: await authenticateApiKey(runtime.db, key), requestId: 't' };
  const job = await invoke(createJobFromUpload, ctx, { content_base64: (await makePdf()).toString('base64') });
  return { session, secret: hook.secret, jobId: job.job_id, ctx };
}

describe('a process killed between the job commit and the delivery', () => {
  it('delivers after restart, exactly one request per logged attempt', { timeout: 180_000 }, async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'p2m-crash-'));
    const clone = DB_KIND === 'postgres' ? await cloneTemplate() : null;
    const env = {
      P2M_DATA_DIR: dataDir,
      P2M_LOG_LEVEL: 'silent',
      ...(clone ? { DATABASE_URL: clone.url } : {}),
      ...(REDIS_URL ? { REDIS_URL } : {}),
      ...serviceEnv(receiver),
    };
    const config = loadConfig(env);
    try {
      let runtime = await createRuntime(config);
      const seeded = await seed(runtime);
      // PGlite allows one process: the service takes over the directory.
      if (!clone) await runtime.close();

      receiver.answer('/crash', [{ hang: true }, { status: 200 }]);
      const child = spawn(process.execPath, [CHILD], { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'inherit'] });
      const exited = once(child, 'exit');
      await receiver.waitFor('/crash', 1); // converted, committed ready, the delivery is on the wire
      child.kill('SIGKILL');
      expect((await exited)[1]).toBe('SIGKILL');

      if (!clone) runtime = await createRuntime(config);
      try {
        expect((await invoke(getJob, { ...seeded.ctx, ...runtime }, { job_id: seeded.jobId })).status).toBe('ready');
        // The dead process's lease runs out (time travel, not a wait); the reaper hands the delivery back.
        await runtime.db.execute(sql`UPDATE webhook_deliveries SET lease_until = now() - interval '1 second' WHERE status = 'delivering'`);
        const dispatcher = createDispatcher(runtime);
        expect(await dispatcher.sweep()).toBe(1);
        expect(await dispatcher.runOnce()).toBe(1);

        const got = receiver.at('/crash');
        const [log] = (await invoke(listWebhookDeliveries, { ...runtime, principal: seeded.session, requestId: 't' }, {})).items;
        expect(log).toMatchObject({ event: 'job.ready', job_id: seeded.jobId, status: 'delivered', attempts: 2 });
        expect(log!.attempt_log.map((a) => a.outcome)).toEqual(['interrupted', 'delivered']);
        expect(got).toHaveLength(log!.attempt_log.length);
        expect(got.map((r) => r.headers['x-p2m-delivery'])).toEqual([log!.event_id, log!.event_id]);
        const verify = await readmeVerifiers();
        expect(verify.node(seeded.secret, got)).toEqual([true, true]);
        expect(await dispatcher.runOnce()).toBe(0);
      } finally {
        await runtime.close();
      }
    } finally {
      await clone?.drop();
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
