/**
 * Claims due webhook deliveries in one statement, as claim-jobs.ts claims
 * jobs: a MATERIALIZED pick with FOR UPDATE SKIP LOCKED, a fresh lease on
 * the database clock, attempts + 1, and the attempt's log row opened in the
 * same statement (so a claim is never without its log line).
 *
 * Per-target concurrency: a target (an endpoint, or a callback URL) already
 * having `endpointConcurrency` deliveries in flight gets no more; within one
 * claim its due rows are ranked so the batch does not exceed it either. On
 * PostgreSQL two dispatchers claiming at the same instant may each fill the
 * cap once (their snapshots do not see each other's claim); each process's
 * own bottleneck limiter (dispatcher.ts) bounds what it sends regardless.
 *
 * Only the first SCAN due rows are considered, oldest first, so a claim's
 * cost does not grow with a backlog.
 */
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../../db/database.ts';
import { rows } from '../../../db/rows.ts';

const SCAN = 2000;

const ClaimedRow = z.object({
  id: z.string(),
  lease: z.string(),
  event_id: z.string(),
  event: z.enum(['job.ready', 'job.truncated', 'job.error', 'job.deleted']),
  job: z.object({
    job_id: z.string(),
    status: z.string(),
    pages: z.number().int().nullable(),
    truncated: z.boolean(),
    download_url: z.string().nullable(),
  }),
  attempts: z.number().int(),
  test: z.boolean(),
  endpoint_id: z.string().nullable(),
  url: z.string(),
  secret_sealed: z.string(),
  previous_secret_sealed: z.string().nullable(),
  endpoint_disabled: z.boolean(),
  tier: z.string(),
  now_s: z.coerce.number().int(),
});

/** A delivery this dispatcher holds a lease on; every later write about it is fenced by id + lease. */
export type ClaimedDelivery = z.infer<typeof ClaimedRow>;

export type ClaimDeliveriesParams = { owner: string; limit: number; leaseSeconds: number; endpointConcurrency: number };

/** Leases up to `limit` due deliveries; `now_s` is the database clock (the X-P2M-Timestamp of the attempt). */
export async function claimDeliveries(db: Db, p: ClaimDeliveriesParams): Promise<ClaimedDelivery[]> {
  if (p.limit <= 0) return [];
  const claimed = await rows<unknown>(
    db,
    sql`WITH candidates AS (
          SELECT id, coalesce(endpoint_id::text, callback_url) AS target, run_at FROM webhook_deliveries
          WHERE status = 'pending' AND run_at <= now() ORDER BY run_at, id LIMIT ${SCAN}),
        inflight AS (
          SELECT coalesce(endpoint_id::text, callback_url) AS target, count(*) AS n FROM webhook_deliveries
          WHERE status = 'delivering' GROUP BY 1),
        ranked AS (
          SELECT c.id, c.run_at, row_number() OVER (PARTITION BY c.target ORDER BY c.run_at, c.id) + coalesce(i.n, 0) AS slot
          FROM candidates c LEFT JOIN inflight i ON i.target = c.target),
        picked AS MATERIALIZED (
          SELECT d.id FROM webhook_deliveries d JOIN ranked r ON r.id = d.id
          WHERE r.slot <= ${p.endpointConcurrency} AND d.status = 'pending'
          ORDER BY d.run_at, d.id LIMIT ${p.limit}
          FOR UPDATE OF d SKIP LOCKED),
        claimed AS (
          UPDATE webhook_deliveries d SET status = 'delivering', lease = gen_random_uuid(), lease_owner = ${p.owner},
            lease_until = now() + make_interval(secs => ${p.leaseSeconds}), attempts = d.attempts + 1, last_attempt_at = now()
          FROM picked WHERE d.id = picked.id
          RETURNING d.*),
        opened AS (
          INSERT INTO webhook_attempts (delivery_id, attempt, lease) SELECT id, attempts, lease FROM claimed)
        SELECT c.id, c.lease, c.event_id, c.event, c.job, c.attempts, c.test, c.endpoint_id,
          coalesce(w.url, c.callback_url) AS url, coalesce(w.secret_sealed, c.callback_secret) AS secret_sealed,
          CASE WHEN w.previous_secret_until > now() THEN w.previous_secret_sealed END AS previous_secret_sealed,
          coalesce(w.disabled_at IS NOT NULL, false) AS endpoint_disabled, a.tier,
          floor(extract(epoch FROM now()))::bigint AS now_s
        FROM claimed c LEFT JOIN webhook_endpoints w ON w.id = c.endpoint_id JOIN accounts a ON a.id = c.account_id`,
  );
  return claimed.map((raw) => ClaimedRow.parse(raw));
}
