/**
 * POST /api/v2/billing/webhook: Stripe's events. The signature over the raw
 * body is checked with the SDK (stripe.webhooks.constructEvent), refusing
 * timestamps older than the replay window (P2M_BILLING_WEBHOOK_TOLERANCE_SECONDS).
 * Each event id is recorded in the same transaction as its effect, so a
 * redelivery (Stripe retries until it gets a 2xx, re-signing each time)
 * changes nothing, and an effect that fails leaves no record: the retry
 * applies it.
 */
import type Stripe from 'stripe';
import { z } from 'zod';
import { inTransaction } from '../../db/in-transaction.ts';
import type { Db } from '../../db/database.ts';
import { billingEvents } from '../../db/schema.ts';
import type { Services } from '../context.ts';
import { DomainError } from '../errors.ts';
import { requireBilling } from './billing-service.ts';
import { applyInvoiceEvent, applySubscriptionEvent } from './apply-event.ts';
import { holdsNul, recordableEventId } from './event-shape.ts';

export const WebhookReceipt = z.object({
  received: z.literal(true),
  duplicate: z.boolean().describe('True when this event id was processed before (nothing changed).'),
});
export type WebhookReceipt = z.infer<typeof WebhookReceipt>;

type EventServices = Pick<Services, 'db' | 'config' | 'billing' | 'wake' | 'log'>;

/** Verifies, records and applies one event. */
export async function receiveBillingEvent(s: EventServices, rawBody: Uint8Array, signature: string | undefined): Promise<WebhookReceipt> {
  const billing = requireBilling(s);
  let event: Stripe.Event;
  try {
    if (!signature) throw new Error('no Stripe-Signature header');
    event = billing.stripe.webhooks.constructEvent(
      Buffer.from(rawBody),
      signature,
      billing.config.webhookSecret,
      billing.config.webhookToleranceSeconds,
    );
  } catch (err) {
    throw new DomainError('bad_input', 'The event signature does not verify (or is outside the replay window).', { cause: err });
  }
  if (!recordableEventId(event.id) || holdsNul(event.type)) {
    throw new DomainError('bad_input', 'The event id or type cannot be recorded (empty, too long or containing a NUL); the event was not applied.');
  }
  // A field we cannot store or compare: record the event (so retries stop) and change nothing.
  const unusable = holdsNul(event.data);
  const pools = new Set<'free' | 'paid'>();
  const fresh = await inTransaction(s.db, async (tx) => {
    const [recorded] = await tx.insert(billingEvents).values({ id: event.id, type: event.type }).onConflictDoNothing().returning();
    if (!recorded) return false;
    if (unusable) return true;
    const change = await applyEvent(tx, s, event);
    for (const p of change) pools.add(p);
    return true;
  });
  for (const pool of pools) s.wake(pool);
  s.log.info({ event: event.id, type: event.type, duplicate: !fresh, ignored: unusable }, 'billing event');
  return { received: true, duplicate: !fresh };
}

async function applyEvent(tx: Db, s: EventServices, event: Stripe.Event): Promise<('free' | 'paid')[]> {
  const created = new Date(event.created * 1000);
  switch (event.type) {
    case 'customer.subscription.created':
    case 'customer.subscription.updated':
    case 'customer.subscription.deleted':
      return applySubscriptionEvent(tx, s, event.data.object, { created, deleted: event.type === 'customer.subscription.deleted' });
    case 'invoice.payment_failed':
    case 'invoice.paid':
      await applyInvoiceEvent(tx, event.data.object, event.type === 'invoice.paid' ? 'paid' : 'failed');
      return [];
    default:
      // Other events (the endpoint may be subscribed to more) are recorded and otherwise ignored.
      return [];
  }
}
