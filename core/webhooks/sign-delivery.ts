/**
 * The signature scheme of the spec: X-P2M-Signature is `sha256=` and the hex
 * HMAC-SHA256, keyed with the signing secret (the whole whsec_… string as
 * UTF-8; a per-job callback_secret as given), over the X-P2M-Timestamp value,
 * a dot, and the raw body bytes. During a secret rotation's overlap the
 * header carries one signature per secret, comma-separated, the newest first.
 */
import { createHmac } from 'node:crypto';
import type { WebhookEvent } from './webhook-events.ts';

/** `sha256=<hex>` of one secret. */
export function signatureOf(secret: string, timestamp: number, body: Buffer): string {
  const mac = createHmac('sha256', Buffer.from(secret, 'utf8'));
  mac.update(`${timestamp}.`, 'utf8');
  mac.update(body);
  return `sha256=${mac.digest('hex')}`;
}

/** The headers of one attempt. `secrets`: the current secret first, then a rotated-out one still in its overlap. */
export function deliveryHeaders(p: {
  event: WebhookEvent;
  eventId: string;
  timestamp: number;
  secrets: readonly string[];
  body: Buffer;
}): Record<string, string> {
  return {
    'content-type': 'application/json',
    'x-p2m-event': p.event,
    'x-p2m-timestamp': String(p.timestamp),
    'x-p2m-delivery': p.eventId,
    'x-p2m-signature': p.secrets.map((s) => signatureOf(s, p.timestamp, p.body)).join(','),
  };
}
