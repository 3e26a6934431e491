/**
 * The process's Prometheus metrics (prom-client), one registry per runtime so
 * that several runtimes in one process (tests) do not share counters. Queue
 * depth is read from the database at scrape time, so every process reports
 * the same shared queue; the rest counts what this process did. Serve them
 * with /metrics (http/metrics-route.ts), behind P2M_METRICS or a token.
 */
import { sql } from 'drizzle-orm';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { Db } from '../../db/database.ts';
import { rows } from '../../db/rows.ts';

export type Metrics = ReturnType<typeof createMetrics>;

const FAST = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5];
const SLOW = [0.1, 0.5, 1, 2, 5, 10, 30, 60, 120, 300, 600];

/** Builds the registry; `db` answers the queue depth gauge when scraped. */
export function createMetrics(db: Db) {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: 'p2m_process_' });
  const r = [registry];
  const queueDepth = new Gauge({
    name: 'p2m_queue_jobs', help: 'Jobs by pool and status (active statuses), read from the shared database at scrape.',
    labelNames: ['pool', 'status'] as const, registers: r,
    async collect() {
      const counts = await rows<{ pool: string; status: string; n: number }>(db, sql`SELECT pool, status, count(*)::int AS n
        FROM jobs WHERE status IN ('queued', 'processing') AND deleted_at IS NULL GROUP BY pool, status`);
      this.reset();
      for (const p of ['free', 'paid']) for (const s of ['queued', 'processing']) this.set({ pool: p, status: s }, 0);
      for (const c of counts) this.set({ pool: c.pool, status: c.status }, c.n);
    },
  });
  return {
    registry,
    queueDepth,
    claimSeconds: new Histogram({ name: 'p2m_claim_seconds', help: 'Duration of one claim statement.', buckets: FAST, registers: r }),
    jobSeconds: new Histogram({
      name: 'p2m_job_seconds', help: 'Time from claim to settlement of one attempt, by outcome.',
      labelNames: ['outcome'] as const, buckets: SLOW, registers: r,
    }),
    pages: new Counter({ name: 'p2m_pages_converted_total', help: 'Pages converted (rate() gives pages per second).', registers: r }),
    engineFailures: new Counter({
      name: 'p2m_engine_failures_total', help: 'Conversions that failed for good, by error code.', labelNames: ['code'] as const, registers: r,
    }),
    conversionChildren: new Counter({
      name: 'p2m_conversion_children_total',
      help: 'Conversions by the process they ran in: a fresh child, or a warm one that had converted an earlier job of the same tenant.',
      labelNames: ['child'] as const, registers: r,
    }),
    webhooks: new Counter({
      name: 'p2m_webhook_attempts_total', help: 'Webhook delivery attempts by outcome (delivered, retry, failed, lost).',
      labelNames: ['outcome'] as const, registers: r,
    }),
    http: new Histogram({
      name: 'p2m_http_request_seconds', help: 'HTTP request duration by method, route pattern and status.',
      labelNames: ['method', 'route', 'status'] as const, buckets: FAST, registers: r,
    }),
    blobStoreUp: new Gauge({ name: 'p2m_blob_store_up', help: '1 when the last blob store check passed.', registers: r }),
  };
}
