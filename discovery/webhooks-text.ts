/**
 * The webhook section of the full API description: events and their exact
 * triggers (from core), the headers and signature, the retry schedule from
 * the running configuration.
 */
import type { Config } from '../core/config.ts';
import { WEBHOOK_EVENT_TRIGGERS } from '../core/webhooks/webhook-events.ts';

const human = (s: number) => (s % 3600 === 0 ? `${s / 3600} h` : s % 60 === 0 ? `${s / 60} min` : `${s} s`);

/** Markdown for the description; every number from `config`. */
export function webhooksText(config: Pick<Config, 'webhooks'>): string {
  const w = config.webhooks;
  const events = Object.entries(WEBHOOK_EVENT_TRIGGERS).map(([e, when]) => `- \`${e}\`: ${when}`).join('\n');
  return `## Webhooks

Paid tiers only. Endpoints are managed with a web session (cookie \`p2m_session\`) or a linked device; a per-job \`callback_url\` (with its \`callback_secret\`) gets the events of that job. Each delivery is an HTTPS POST of \`{"event": "...", "job": {"job_id", "status", "pages", "truncated", "download_url"}}\` (no document content; \`download_url\` only for ready events, else null).

${events}

Headers: \`X-P2M-Event\`; \`X-P2M-Timestamp\` (Unix seconds, new at each attempt); \`X-P2M-Delivery\` — a UUID naming the event, the same on every attempt and for every destination of that event (de-duplicate on it); \`X-P2M-Signature: sha256=<hex HMAC-SHA256(secret, timestamp + "." + raw body)>\`, keyed with the whole secret string (\`whsec_…\` or the job's callback_secret) as UTF-8. After a secret rotation, during its overlap, the header holds two comma-separated signatures, the new secret's first; accept the delivery when any matches.

A 2xx answer is delivered. Timeouts (${w.timeoutMs} ms per attempt), connection and DNS failures, 429 and 5xx are retried: ${w.retrySeconds.length + 1} attempts, retries after ${w.retrySeconds.map(human).join(', ')} (±20 % jitter, never sooner than a \`Retry-After\`). Any other answer (3xx: redirects are not followed; 4xx such as 400 or 410) and an address that resolves to a non-public address fail at once. After ${w.disableAfter} deliveries in a row failed, an endpoint is disabled (\`enabled: false\`, \`disabled_reason\`); a delivered test event enables it again. Every attempt is listed by GET /api/v2/webhooks/deliveries.`;
}
