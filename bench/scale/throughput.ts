/**
 * Throughput of worker processes (issue 21): pages per second with 1 and with
 * 2 `p2m worker` processes (concurrency 1 each) while one `p2m serve`
 * (P2M_WORKERS=0) answers a polling load (bench/scale/status-pollers.ts:
 * each job's client polling every --poll-interval-ms, default 1000; or long
 * polls with --wait-seconds N; or, with --poll-interval-ms 0, --pollers
 * clients polling without pause), with the files in the local
 * directory and in an S3 server (s3rver on loopback), all in one run so the
 * ratios compare like with like. Also the blob store's own cost per job:
 * the four transfers a job makes (input written, read; result written, read),
 * timed in this process for both stores (s3rver runs in this process too).
 * And the ceiling of the ratio on this machine: the same jobs converted by
 * the engine alone (bench/scale/engine-loop.ts, with the children's V8
 * flags) in one process, then split over two side by side, with no queue,
 * API, database or pollers.
 *
 *   node bench/scale/throughput.ts [--pg-url postgres://postgres@127.0.0.1:5432/postgres]
 *     [--redis-url redis://127.0.0.1:6379/6] [--jobs 8] [--pdf FILE]
 *     [--poll-interval-ms 1000 | --wait-seconds 30 | --poll-interval-ms 0 --pollers 8]
 *     [--child-reuse tenant|never] [--child-threads v8|single] [--rounds 1]
 *
 * Each phase: a fresh database, the API started, the jobs uploaded (each
 * job's client starts polling once its upload is answered), then the workers started; the clock runs from the moment every worker runs until
 * every job is ready. Phases alternate stores (local 1, s3 1, local 2, s3 2)
 * so drift in a shared machine's load falls on both; with --rounds N the
 * rounds alternate that order with its reverse (s3 2, local 2, s3 1, local 1),
 * so a drift over the run falls on the 1- and the 2-worker phases alike, and
 * the ratios are given per round and pooled (all pages over all seconds of a
 * setting). Prints Markdown.
 */
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { parseArgs, promisify } from 'node:util';
import pg from 'pg';
import { createLocalBlobStore } from '../../core/blobs/local-blob-store.ts';
import { openBlobStore } from '../../core/blobs/open-blob-store.ts';
import type { BlobStore } from '../../core/blobs/blob-store.ts';
import { loadConfig } from '../../core/config.ts';
import { CreateBucketCommand, S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';
import { corpusRoot } from '../corpus-root.ts';
import { killAll, startProc, type Proc } from './p2m-processes.ts';
import { freshDatabase } from '../poll/pg-database.ts';
import { run as runCli } from './cli-run.ts';
import { describePollMode, pollModeOf, startPolling, type Polling } from './status-pollers.ts';
import { cpuBetween, cpuNow, type CpuParts } from './proc-cpu.ts';

const { values } = parseArgs({
  options: {
    'pg-url': { type: 'string', default: 'postgres://postgres@127.0.0.1:5432/postgres' },
    'redis-url': { type: 'string', default: 'redis://127.0.0.1:6379/6' },
    jobs: { type: 'string', default: '8' },
    pdf: { type: 'string', default: join(corpusRoot(), 'dev/pdf/apt-readme__latex.pdf') },
    pollers: { type: 'string', default: '8' },
    'poll-interval-ms': { type: 'string', default: '1000' },
    'wait-seconds': { type: 'string', default: '0' },
    /** The workers' P2M_CHILD_REUSE: tenant (the default; every job here is one account's), any, or never. */
    'child-reuse': { type: 'string', default: 'tenant' },
    /** The workers' P2M_CHILD_THREADS: v8 (the default; V8's helper threads) or single (one thread per conversion process). */
    'child-threads': { type: 'string', default: 'v8' },
    rounds: { type: 'string', default: '1' },
  },
});
const POLL = pollModeOf({
  pollIntervalMs: Number(values['poll-interval-ms']), waitSeconds: Number(values['wait-seconds']), pollers: Number(values.pollers),
});
const JOBS = Number(values.jobs);
const pdf = await readFile(values.pdf);
process.once('exit', killAll);

type Phase = { round: number; store: 'local' | 's3'; workers: number; seconds: number; pages: number; polls: number; cpu: CpuParts };

// The S3 server (s3rver, as the tests use) in this process, on loopback.
const s3Dir = await mkdtemp(join(tmpdir(), 'p2m-bench-s3-'));
const s3rver = new S3rver({ address: '127.0.0.1', port: 0, directory: s3Dir, silent: true });
const endpoint = `http://127.0.0.1:${(await s3rver.run()).port}`;
const s3 = {
  env: (bucket: string, prefix: string): Record<string, string> => ({
    P2M_BLOB_STORE: `s3://${bucket}/${prefix}`, AWS_ENDPOINT_URL_S3: endpoint, AWS_REGION: 'us-east-1',
    AWS_ACCESS_KEY_ID: 'S3RVER', AWS_SECRET_ACCESS_KEY: 'S3RVER',
  }),
};
const admin = new S3Client({ endpoint, forcePathStyle: true, region: 'us-east-1', credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' } });
await admin.send(new CreateBucketCommand({ Bucket: 'bench' }));
admin.destroy();

async function phase(round: number, store: Phase['store'], workers: number): Promise<Phase> {
  const db = await freshDatabase(values['pg-url'], 'p2m_bench_scale');
  const shared = await mkdtemp(join(tmpdir(), 'p2m-bench-scale-'));
  const env: Record<string, string> = {
    DATABASE_URL: db.url, REDIS_URL: values['redis-url'], P2M_SECRET_KEY: randomBytes(32).toString('base64'),
    P2M_RATE_LIMIT: 'false', P2M_CHILD_REUSE: values['child-reuse'], P2M_CHILD_THREADS: values['child-threads'], P2M_TIERS: JSON.stringify({ pro: { slots: JOBS + 10 } }),
    ...(store === 's3' ? s3.env('bench', `run-${randomBytes(4).toString('hex')}`) : {}),
  };
  // The local store is one directory for every process (one machine); with S3 each has its own, empty.
  const dir = store === 'local' ? { dataDir: shared } : {};
  const procs: Proc[] = [];
  const client = new pg.Client({ connectionString: db.url });
  // Each job's own client (interval, long) joins this load once its upload is answered.
  const own: Polling[] = [];
  let polling = combined(own);
  try {
    procs.push(startProc('serve', { ...env, PORT: '0', P2M_WORKERS: '0' }, dir));
    const api = await procs[0]!.ready;
    await client.connect();
    const key = await runCli(['keys', 'create', '--tier', 'pro'], { ...env, P2M_DATA_DIR: shared });
    const auth = { authorization: `Bearer ${key}` };
    const ids: string[] = [];
    for (let i = 0; i < JOBS; i++) {
      const form = new FormData();
      form.append('file', new Blob([new Uint8Array(pdf)], { type: 'application/pdf' }), `bench-${i}.pdf`);
      const res = await fetch(`${api}/api/v2/jobs`, { method: 'POST', headers: auth, body: form });
      if (res.status !== 201) throw new Error(`upload: ${res.status} ${await res.text()}`);
      ids.push(((await res.json()) as { job_id: string }).job_id);
      if (POLL.kind !== 'flood') own.push(startPolling({ base: api, auth }, ids.slice(-1), POLL));
    }
    if (POLL.kind === 'flood') polling = startPolling({ base: api, auth }, ids, POLL);
    const polls = polling.answers;
    for (let w = 0; w < workers; w++) procs.push(startProc('worker', { ...env, P2M_WORKERS: '1' }, dir));
    await Promise.all(procs.slice(1).map((p) => p.ready));
    const pids = procs.map((p) => p.child.pid ?? 0);
    const cpu0 = cpuNow(pids[0]!, pids.slice(1));
    const t0 = performance.now();
    const polls0 = polls();
    let pages = 0;
    for (;;) {
      const { rows } = await client.query<{ left: number; pages: number }>(
        `SELECT count(*) FILTER (WHERE status <> 'ready')::int AS left, coalesce(sum(pages) FILTER (WHERE status = 'ready'), 0)::int AS pages FROM jobs`);
      if (rows[0]!.left === 0) { pages = rows[0]!.pages; break; }
      await new Promise((r) => setTimeout(r, 100));
    }
    const seconds = (performance.now() - t0) / 1000;
    const cpu = cpuBetween(cpu0, cpuNow(pids[0]!, pids.slice(1)));
    const answered = polls() - polls0;
    return { round, store, workers, seconds, pages, polls: answered / seconds, cpu };
  } finally {
    await polling.stop();
    for (const p of procs) p.child.kill('SIGKILL');
    await Promise.all(procs.map((p) => p.exited));
    await client.end().catch(() => undefined);
    await db.drop();
    await rm(shared, { recursive: true, force: true });
  }
}

/** Several jobs' own clients as one polling load. */
function combined(parts: Polling[]): Polling {
  return {
    answers: () => parts.reduce((n, p) => n + p.answers(), 0),
    stop: async () => void (await Promise.all(parts.map((p) => p.stop()))),
  };
}

/** The four transfers of one job against a store, ms each job (median of n). */
async function blobCost(store: BlobStore, n: number): Promise<number> {
  const markdown = Buffer.alloc(20_000, 'a');
  const times: number[] = [];
  for (let i = 0; i < n; i++) {
    const id = crypto.randomUUID();
    const t = performance.now();
    await store.put(`jobs/${id}/input-1.pdf`, Readable.from([pdf]), { maxBytes: 1 << 26 });
    await store.read(`jobs/${id}/input-1.pdf`);
    await store.put(`jobs/${id}/output-1.md`, Readable.from([markdown]), { maxBytes: 1 << 26 });
    await (await store.get(`jobs/${id}/output-1.md`))!.toArray();
    times.push(performance.now() - t);
    await store.delete(`jobs/${id}/input-1.pdf`);
    await store.delete(`jobs/${id}/output-1.md`);
  }
  return times.sort((a, b) => a - b)[Math.floor(n / 2)]!;
}

/** The engine alone: JOBS conversions in `procs` processes side by side, pages a second. */
async function engineOnly(procs: number): Promise<{ pages: number; seconds: number }> {
  const flags = values['child-threads'] === 'single' ? ['--single-threaded'] : [];
  const script = join(import.meta.dirname, 'engine-loop.ts');
  const t0 = performance.now();
  const outs = await Promise.all(Array.from({ length: procs }, (_, i) => {
    const count = Math.floor(JOBS / procs) + (i < JOBS % procs ? 1 : 0);
    return promisify(execFile)(process.execPath, [...flags, script, values.pdf, String(count)]);
  }));
  return { pages: outs.reduce((n, o) => n + Number(o.stdout), 0), seconds: (performance.now() - t0) / 1000 };
}

const phases: Phase[] = [];
const bare: { procs: number; pages: number; seconds: number }[] = [];
const ORDER = [1, 2].flatMap((workers) => (['local', 's3'] as const).map((store) => ({ store, workers })));
const ROUNDS = Number(values.rounds);
for (let round = 1; round <= ROUNDS; round++) {
  for (const { store, workers } of round % 2 === 1 ? ORDER : [...ORDER].reverse()) phases.push(await phase(round, store, workers));
  for (const procs of round % 2 === 1 ? [1, 2] : [2, 1]) bare.push({ procs, ...(await engineOnly(procs)) });
}
const localDir = await mkdtemp(join(tmpdir(), 'p2m-bench-blobs-'));
const s3Store = openBlobStore(loadConfig({ ...s3.env('bench', 'cost'), P2M_DATA_DIR: localDir }));
const cost = { local: await blobCost(createLocalBlobStore(localDir), 30), s3: await blobCost(s3Store, 30) };
await rm(localDir, { recursive: true, force: true });
s3Store.close();
await s3rver.close();
await rm(s3Dir, { recursive: true, force: true });

const rate = (p: Pick<Phase, 'pages' | 'seconds'>) => p.pages / p.seconds;
/** A setting's phases of one round, or of all rounds pooled (their pages over their seconds). */
function find(store: Phase['store'], workers: number, round?: number): Pick<Phase, 'pages' | 'seconds'> {
  const ps = phases.filter((p) => p.store === store && p.workers === workers && (round === undefined || p.round === round));
  return { pages: ps.reduce((n, p) => n + p.pages, 0), seconds: ps.reduce((n, p) => n + p.seconds, 0) };
}
console.log(`${JOBS} jobs of ${values.pdf.split('/').pop()} (${pdf.length} bytes) per phase; polling: ${describePollMode(POLL)}; P2M_CHILD_REUSE=${values['child-reuse']}, P2M_CHILD_THREADS=${values['child-threads']}; ${ROUNDS} round(s)\n`);
console.log('| round | store | worker processes | seconds | pages | pages/s | polls/s meanwhile |\n|---|---|---|---|---|---|---|');
for (const p of phases) console.log(`| ${p.round} | ${p.store} | ${p.workers} | ${p.seconds.toFixed(1)} | ${p.pages} | ${rate(p).toFixed(2)} | ${p.polls.toFixed(0)} |`);
console.log('\nCPU seconds while the clock ran, by process (bench/scale/proc-cpu.ts; "cores" = all of them over the phase\'s seconds):\n');
console.log('| round | store | worker processes | conversion children | workers | API | PostgreSQL | Redis | bench (pollers, s3rver) | cores |\n|---|---|---|---|---|---|---|---|---|---|');
for (const p of phases) {
  const c = p.cpu;
  const all = c.children + c.workers + c.api + c.postgres + c.redis + c.bench;
  console.log(`| ${p.round} | ${p.store} | ${p.workers} | ${[c.children, c.workers, c.api, c.postgres, c.redis, c.bench].map((x) => x.toFixed(1)).join(' | ')} | ${(all / p.seconds).toFixed(2)} |`);
}
for (const store of ['local', 's3'] as const) {
  const each = Array.from({ length: ROUNDS }, (_, r) => (rate(find(store, 2, r + 1)) / rate(find(store, 1, r + 1))).toFixed(2));
  console.log(`\n${store}: 2 workers / 1 worker = ${(rate(find(store, 2)) / rate(find(store, 1))).toFixed(2)}× pooled${ROUNDS > 1 ? ` (rounds: ${each.join(', ')})` : ''}`);
}
const bareRate = (procs: number) => {
  const ps = bare.filter((b) => b.procs === procs);
  return ps.reduce((n, b) => n + b.pages, 0) / ps.reduce((n, b) => n + b.seconds, 0);
};
console.log(`\nThe engine alone (the same ${JOBS} conversions, bench/scale/engine-loop.ts): 1 process ${bareRate(1).toFixed(1)} pages/s, 2 side by side ${bareRate(2).toFixed(1)}: ${(bareRate(2) / bareRate(1)).toFixed(2)}× pooled, the ceiling of the workers' ratio on this machine`);
for (const w of [1, 2]) {
  const [l, s] = [find('local', w), find('s3', w)];
  const jobs = JOBS * ROUNDS;
  console.log(`\n${w} worker(s): seconds per job, s3 − local = ${((s.seconds - l.seconds) / jobs).toFixed(2)} s (local ${(l.seconds / jobs).toFixed(2)} s)`);
}
console.log(`\nBlob transfers of one job (input put + read, result put + read; median of 30): local ${cost.local.toFixed(1)} ms, s3 ${cost.s3.toFixed(1)} ms`);
