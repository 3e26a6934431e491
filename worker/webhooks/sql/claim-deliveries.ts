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
 *
 * Each claimed row is checked on its own: a row the dispatcher cannot use (no
 * secret to sign with, a malformed job document, …) comes back as an
 * `unusable` claim with its lease, so the dispatcher fails that one delivery
 * with a code while the others claimed with it go out. One bad row must never
 * make the whole claim throw: its siblings are already leased and would be
 * reaped and re-claimed with it until they all fail unsent.
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
    hidden_text_spans: z.number().int().optional(),
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

/** The lease of a claimed row, which is all a fenced write needs. */
const LeaseOfRow = z.object({ id: z.string(), lease: z.string(), attempts: z.number().int() });

/** A claimed row that cannot be sent: `problem` says why (for the delivery log). */
export type UnusableDelivery = z.infer<typeof LeaseOfRow> & { problem: string };

/** One claimed row: ready to send, or leased only to be failed. */
export type Claim = { kind: 'usable'; delivery: ClaimedDelivery } | { kind: 'unusable'; delivery: UnusableDelivery };

export type ClaimDeliveriesParams = { owner: string; limit: number; leaseSeconds: number; endpointConcurrency: number };

/** Leases up to `limit` due deliveries; `now_s` is the database clock (the X-P2M-Timestamp of the attempt). */
export async function claimDeliveries(db: Db, p: ClaimDeliveriesParams): Promise<Claim[]> {
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
  return claimed.flatMap((raw) => toClaim(raw));
}

/** Parses one row; a row without even an id and lease cannot be fenced and is left to the reaper. */
function toClaim(raw: unknown): Claim[] {
  const full = ClaimedRow.safeParse(raw);
  if (full.success) return [{ kind: 'usable', delivery: full.data }];
  const lease = LeaseOfRow.safeParse(raw);
  if (!lease.success) return [];
  const fields = [...new Set(full.error.issues.map((i) => i.path.join('.') || '(row)'))].join(', ');
  return [{ kind: 'unusable', delivery: { ...lease.data, problem: `the stored delivery is malformed (${fields})` } }];
}
