import { randomUUID } from 'node:crypto';
import { downloadPath } from '../jobs/download-path.ts';
import { z } from 'zod';
import { webhookDeliveries } from '../../db/schema.ts';
import { defineOperation } from '../operation.ts';
import { toDeliveryView } from './delivery-view.ts';
import { maxAttemptsOf } from './list-webhook-deliveries.ts';
import { assertWebhooksEnabled, ownedEndpoint } from './webhook-access.ts';
import { WebhookEvent, type WebhookJob } from './webhook-events.ts';
import { WebhookDelivery, WebhookId } from './webhook-schema.ts';

/** The job_id of every test event: no real job has it. */
export const TEST_JOB_ID = '00000000-0000-0000-0000-000000000000';

const STATUS_OF: Record<WebhookEvent, string> = {
  'job.ready': 'ready',
  'job.truncated': 'ready',
  'job.error': 'error',
  'job.deleted': 'canceled',
};

/** The sample job a test event carries. */
export function testJob(event: WebhookEvent): WebhookJob {
  const ready = STATUS_OF[event] === 'ready';
  return {
    job_id: TEST_JOB_ID,
    status: STATUS_OF[event],
    pages: ready ? 1 : null,
    truncated: event === 'job.truncated',
    download_url: ready ? downloadPath(TEST_JOB_ID) : null,
  };
}

export const sendTestWebhook = defineOperation({
  name: 'send_test_webhook',
  title: 'Send a test event to a webhook endpoint',
  description: `Queues one signed delivery of \`event\` (default job.ready) about a sample job whose job_id is ${TEST_JOB_ID}, sent, retried and logged like any other (test: true in the delivery log). It is sent even to a disabled endpoint, and once delivered it enables the endpoint again.`,
  scope: null,
  errors: ['not_linked', 'not_found', 'not_in_plan'],
  actors: ['session', 'device'],
  input: z.object({ webhook_id: WebhookId, event: WebhookEvent.default('job.ready') }),
  output: WebhookDelivery,
  async handler(ctx, { webhook_id, event }) {
    assertWebhooksEnabled(ctx);
    const endpoint = await ownedEndpoint(ctx, webhook_id);
    const [row] = await ctx.db
      .insert(webhookDeliveries)
      .values({ eventId: randomUUID(), accountId: endpoint.accountId, endpointId: endpoint.id, jobId: TEST_JOB_ID, event, job: testJob(event), test: true })
      .returning();
    ctx.wake('webhooks');
    return toDeliveryView(row!, endpoint.url, [], maxAttemptsOf(ctx.config.webhooks.retrySeconds));
  },
});
