/**
 * What one attempt's result means, and when to try again: 2xx delivered;
 * 429, 5xx, timeouts, connection and DNS failures retried with exponential
 * backoff and jitter (never sooner than a Retry-After); any other answer
 * (3xx — redirects are not followed — and 4xx such as 400 or 410) and a
 * refused address (the host now resolves to an internal address: DNS
 * rebinding) fail at once. Pure: unit-tested beside it.
 */
import { isEgressError, type EgressErrorCode } from '../../core/egress/egress-error.ts';
import type { PostResult } from '../../core/egress/post-client.ts';
import type { AttemptOutcome } from './sql/finish-attempt.ts';

const RETRIED_EGRESS: ReadonlySet<EgressErrorCode> = new Set(['timeout', 'connect_failed', 'dns_failure']);
/** Longest wait a Retry-After can impose, seconds. */
const MAX_RETRY_AFTER = 24 * 3600;

/** Seconds a Retry-After header asks for (delta-seconds or an HTTP date), if any. */
export function retryAfterSeconds(header: string | string[] | undefined, nowMs: number): number | undefined {
  const v = Array.isArray(header) ? header[0] : header;
  if (v === undefined || v.trim() === '') return undefined;
  if (/^\d+$/.test(v.trim())) return Math.min(Number(v.trim()), MAX_RETRY_AFTER);
  const at = Date.parse(v);
  return Number.isNaN(at) ? undefined : Math.min(Math.max(0, Math.ceil((at - nowMs) / 1000)), MAX_RETRY_AFTER);
}

/** The scheduled delay before the retry after attempt `attempt` (1-based), with ±20 % jitter. */
export function backoffSeconds(retrySeconds: readonly number[], attempt: number, random: () => number = Math.random): number {
  const base = retrySeconds[Math.min(attempt, retrySeconds.length) - 1] ?? 1;
  return Math.max(1, Math.round(base * (0.8 + 0.4 * random())));
}

export type ClassifyInput = {
  result: { kind: 'answered'; res: PostResult } | { kind: 'error'; error: unknown };
  attempt: number;
  retrySeconds: readonly number[];
  nowMs?: number;
  random?: () => number;
};

/** The outcome to record for one attempt; `retry` becomes `failed` on the last attempt. */
export function classifyAttempt(i: ClassifyInput): AttemptOutcome {
  const last = i.attempt >= i.retrySeconds.length + 1;
  const retry = (statusCode: number | null, error: string, atLeast = 0): AttemptOutcome =>
    last
      ? { outcome: 'failed', statusCode, error: `${error} (gave up after ${i.attempt} attempts)` }
      : { outcome: 'retry', statusCode, error, delaySeconds: Math.max(atLeast, backoffSeconds(i.retrySeconds, i.attempt, i.random)) };
  if (i.result.kind === 'error') {
    const e = i.result.error;
    if (isEgressError(e) && RETRIED_EGRESS.has(e.code)) return retry(null, `${e.code}: ${e.message}`);
    if (isEgressError(e)) return { outcome: 'failed', statusCode: null, error: `${e.code}: ${e.message} (not retried)` };
    return retry(null, `internal: ${e instanceof Error ? e.message : String(e)}`);
  }
  const { status, headers } = i.result.res;
  if (status >= 200 && status <= 299) return { outcome: 'delivered', statusCode: status };
  if (status === 429 || status >= 500) {
    return retry(status, `HTTP ${status}`, retryAfterSeconds(headers['retry-after'], i.nowMs ?? Date.now()) ?? 0);
  }
  const why = status >= 300 && status <= 399 ? 'redirects are not followed' : 'not retried';
  return { outcome: 'failed', statusCode: status, error: `HTTP ${status} (${why})` };
}
