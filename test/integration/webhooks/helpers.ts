/** Shared steps of the webhook suites: a pro account with a session, jobs settled through the worker's own path. */
import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import { invoke } from '../../../core/operation.ts';
import { createJobFromUpload } from '../../../core/operations.ts';
import type { Principal } from '../../../core/principal.ts';
import type { TierName } from '../../../core/tiers.ts';
import { createWebhook, listWebhookDeliveries } from '../../../core/webhooks/webhook-operations.ts';
import type { WebhookDelivery } from '../../../core/webhooks/webhook-schema.ts';
import type { Conversion } from '../../../worker/convert-job.ts';
import { settleJob } from '../../../worker/settle-job.ts';
import { makePdf } from '../../support/pdf.ts';
import type { TestEnv, TestUser } from '../../support/test-env.ts';
import { claimOne } from '../worker/helpers.ts';

export type Account = TestUser & { session: Principal };

/** An account with an API key (to create jobs) and a session principal (to manage webhooks). */
export async function account(env: TestEnv, tier: TierName = 'pro'): Promise<Account> {
  const user = await env.user({ tier });
  return { ...user, session: { kind: 'session', accountId: user.accountId, sessionId: randomUUID(), tier } };
}

/** Registers an endpoint; returns its id and secret. */
export async function register(env: TestEnv, a: Account, url: string, events: string[] = []) {
  const created = await invoke(createWebhook, env.ctx(a.session), { url, events });
  return { id: created.webhook_id, secret: created.secret };
}

/** Queues a job (optionally with a callback) through core and returns its id. */
export async function queue(env: TestEnv, a: Account, fields: Record<string, string> = {}): Promise<string> {
  const job = await invoke(createJobFromUpload, env.ctx(a.principal), {
    content_base64: (await makePdf()).toString('base64'),
    ...fields,
  });
  return job.job_id;
}

/** Claims the next job and settles it with `conv` through the worker's settle path (no engine run). */
export async function settleNext(env: TestEnv, conv: Conversion): Promise<string> {
  const job = await claimOne(env, 'w-test');
  await settleJob(env.runtime, job, conv);
  return job.id;
}

export const converted = (truncated = false): Conversion => ({ kind: 'converted', markdown: '# Title\n', pages: 3, pagesDone: truncated ? 2 : 3, truncated });

/** The account's delivery log, newest first. */
export async function deliveries(env: TestEnv, a: Account): Promise<z.output<typeof WebhookDelivery>[]> {
  return (await invoke(listWebhookDeliveries, env.ctx(a.session), { limit: 100 })).items;
}
