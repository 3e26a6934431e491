import { asc, inArray } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { webhookAttempts, type WebhookDeliveryRow } from '../../db/schema.ts';
import type { WebhookEvent } from './webhook-events.ts';
import type { WebhookDelivery } from './webhook-schema.ts';

type AttemptRow = typeof webhookAttempts.$inferSelect;
const iso = (d: Date | null): string | null => d?.toISOString() ?? null;

/** Attempts of these deliveries, by delivery id, oldest first. */
export async function attemptsOf(db: Db, deliveryIds: readonly string[]): Promise<Map<string, AttemptRow[]>> {
  const byId = new Map<string, AttemptRow[]>();
  if (deliveryIds.length === 0) return byId;
  const rows = await db
    .select()
    .from(webhookAttempts)
    .where(inArray(webhookAttempts.deliveryId, [...deliveryIds]))
    .orderBy(asc(webhookAttempts.deliveryId), asc(webhookAttempts.attempt));
  for (const r of rows) byId.set(r.deliveryId, [...(byId.get(r.deliveryId) ?? []), r]);
  return byId;
}

/** The API view of a delivery row; `endpointUrl` is its endpoint's URL (null for a callback). */
export function toDeliveryView(
  row: WebhookDeliveryRow,
  endpointUrl: string | null,
  attempts: readonly AttemptRow[],
  maxAttempts: number,
): WebhookDelivery {
  return {
    delivery_id: row.id,
    event_id: row.eventId,
    webhook_id: row.endpointId,
    target: row.endpointId ? 'endpoint' : 'callback',
    url: row.endpointId ? endpointUrl : row.callbackUrl,
    event: row.event as WebhookEvent,
    job_id: row.jobId,
    test: row.test,
    status: row.status as WebhookDelivery['status'],
    attempts: row.attempts,
    max_attempts: maxAttempts,
    response_code: row.lastStatusCode,
    error: row.lastError,
    created_at: row.createdAt.toISOString(),
    last_attempt_at: iso(row.lastAttemptAt),
    next_attempt_at: row.status === 'pending' ? row.runAt.toISOString() : null,
    finished_at: iso(row.finishedAt),
    attempt_log: attempts.map((a) => ({
      attempt: a.attempt,
      started_at: a.startedAt.toISOString(),
      finished_at: iso(a.finishedAt),
      outcome: a.outcome as WebhookDelivery['attempt_log'][number]['outcome'],
      response_code: a.statusCode,
      error: a.error,
    })),
  };
}
