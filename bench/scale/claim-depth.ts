/**
 * Claim and create at depth (issue 21): claim p99 and create_job p99 on
 * PostgreSQL with 100 and with 100,000 queued jobs across both pools, and
 * the claim's EXPLAIN (ANALYZE, BUFFERS) at each depth. Targets at 100,000:
 * claim p99 ≤ 5 ms, create_job p99 ≤ 20 ms.
 *
 *   node bench/scale/claim-depth.ts [--pg-url postgres://postgres@127.0.0.1:5432/postgres] [--samples 300] [--pdf FILE]
 *
 * A claim is the worker's statement (worker/sql/claim-jobs.ts: one job from
 * the paid and free pools); each claimed job is put back untimed, so the
 * depth stays put. create_job is the core operation behind POST /api/v2/jobs
 * (create_job_from_upload with a one-page PDF, or --pdf, local blob store): owner and
 * slot checks, the insert, the file. Both depths run in one process, one
 * after the other, on a fresh database each; prints Markdown.
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { ensureAccount } from '../../core/accounts/ensure-account.ts';
import { loadConfig } from '../../core/config.ts';
import { authenticateApiKey } from '../../core/keys/authenticate-api-key.ts';
import { issueApiKey } from '../../core/keys/issue-api-key.ts';
import { invoke } from '../../core/operation.ts';
import { createJobFromUpload } from '../../core/operations.ts';
import { createRuntime, type Runtime } from '../../core/runtime.ts';
import { rows } from '../../db/rows.ts';
import { claimJobs, claimStatement } from '../../worker/sql/claim-jobs.ts';
import { freshDatabase } from '../poll/pg-database.ts';
import { seedQueued } from './seed-queued.ts';

const { values } = parseArgs({
  options: { 'pg-url': { type: 'string', default: 'postgres://postgres@127.0.0.1:5432/postgres' }, samples: { type: 'string', default: '300' }, pdf: { type: 'string' } },
});
const SAMPLES = Number(values.samples);
// A one-page PDF (creation stores the file, it does not convert it): the default upload, about 300 bytes.
const ONE_PAGE = ['%PDF-1.4', '1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj', '2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj',
  '3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 612 792]>>endobj', 'trailer<</Root 1 0 R>>', '%%EOF'].join('\n');
const CLAIM = { workerId: 'bench', pools: ['paid', 'free'] as const, limit: 1, leaseSeconds: 60 };

const quantile = (xs: number[], q: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(q * xs.length))]!;
const ms = (n: number) => n.toFixed(2);

async function timeEach(n: number, step: () => Promise<void>): Promise<number[]> {
  const out: number[] = [];
  for (let i = 0; i < n; i++) {
    const t = performance.now();
    await step();
    out.push(performance.now() - t);
  }
  return out;
}

async function claimSamples(runtime: Runtime): Promise<number[]> {
  const out: number[] = [];
  for (let i = 0; i < SAMPLES; i++) {
    const t = performance.now();
    const [job] = await claimJobs(runtime.db, CLAIM);
    out.push(performance.now() - t);
    if (!job) throw new Error('the queue ran dry');
    await runtime.db.execute(sql`UPDATE jobs SET status = 'queued', lease = NULL, lease_owner = NULL, lease_until = NULL,
      attempts = 0 WHERE id = ${job.id}`);
  }
  return out;
}

async function atDepth(adminUrl: string, depth: number) {
  const db = await freshDatabase(adminUrl, 'p2m_bench_depth');
  const dataDir = await mkdtemp(join(tmpdir(), 'p2m-bench-depth-'));
  const runtime = await createRuntime(loadConfig({
    DATABASE_URL: db.url, P2M_DATA_DIR: dataDir, P2M_SECRET_KEY: randomBytes(32).toString('base64'), P2M_LOG_LEVEL: 'silent',
    P2M_RATE_LIMIT: 'false', P2M_TIERS: JSON.stringify({ pro: { slots: SAMPLES * 2 + 20 } }),
  }));
  try {
    await seedQueued(runtime.db, depth);
    const account = await ensureAccount(runtime.db, 'bench@bench.local', 'pro');
    const { secret } = await issueApiKey(runtime.db, runtime.config.tiers, { accountId: account.id, name: 'bench' });
    const ctx = { ...runtime, principal: await authenticateApiKey(runtime.db, secret), requestId: 'bench' };
    const pdf = (values.pdf ? await readFile(values.pdf) : Buffer.from(ONE_PAGE)).toString('base64');
    const create = () => invoke(createJobFromUpload, ctx, { content_base64: pdf, file_name: 'bench.pdf' }).then(() => undefined);
    await timeEach(20, create); // warm-up: connections, statement plans, module code
    await claimSamples(runtime);
    const creates = await timeEach(SAMPLES, create);
    const claims = await claimSamples(runtime);
    const plan = (await rows<{ 'QUERY PLAN': string }>(runtime.db, sql`EXPLAIN (ANALYZE, BUFFERS) ${claimStatement(CLAIM, CLAIM.pools, 1)}`))
      .map((r) => r['QUERY PLAN']).join('\n');
    const [{ n } = { n: 0 }] = await rows<{ n: number }>(runtime.db, sql`SELECT count(*)::int AS n FROM jobs WHERE status = 'queued'`);
    return { depth, queued: n, claims, creates, plan };
  } finally {
    await runtime.close();
    await rm(dataDir, { recursive: true, force: true });
    await db.drop();
  }
}

const results = [];
for (const depth of [100, 100_000]) results.push(await atDepth(values['pg-url'], depth));
console.log(`| queued jobs | claim p50 | claim p99 | create_job p50 | create_job p99 |\n|---|---|---|---|---|`);
for (const r of results) {
  console.log(`| ${r.depth.toLocaleString('en')} (${r.queued.toLocaleString('en')} at the end) | ${ms(quantile(r.claims, 0.5))} ms | ${ms(quantile(r.claims, 0.99))} ms | ${ms(quantile(r.creates, 0.5))} ms | ${ms(quantile(r.creates, 0.99))} ms |`);
}
for (const r of results) console.log(`\nClaim plan at ${r.depth.toLocaleString('en')} queued:\n\n\`\`\`\n${r.plan}\n\`\`\``);
