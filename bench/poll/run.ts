/**
 * The status polling benchmark (issue 9):
 *
 *   npm run bench:poll -- [--db pglite,postgres] [--connections 50] [--duration 10] [--rounds 3] [--warmup 3]
 *                         [--profile DIR] [--pg-url postgres://postgres@127.0.0.1:5432/postgres] [--redis-url redis://127.0.0.1:6379]
 *
 * Per database: starts `p2m serve` and the bare Express baseline, warms both
 * up, then measures them in alternating rounds, and writes the section of
 * bench/POLLING.md. Loopback only; every process it starts is stopped.
 * --profile DIR runs the server under `node --cpu-prof` (read the profile
 * with profile-summary.ts); its numbers are then not written to POLLING.md.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { realtimePrefix } from '../realtime.ts';
import { startBaseline } from './baseline.ts';
import { runLoad, type LoadResult, type LoadSpec } from './load.ts';
import { freshDatabase } from './pg-database.ts';
import { mergeSection, renderSection, summarize, type DbKind, type DbReport } from './polling-md.ts';
import { startService, type DbTarget } from './service.ts';

const OUT = fileURLToPath(new URL('../POLLING.md', import.meta.url));

const { values } = parseArgs({
  options: {
    db: { type: 'string', default: 'pglite,postgres' },
    connections: { type: 'string', default: '50' },
    duration: { type: 'string', default: '10' },
    rounds: { type: 'string', default: '3' },
    warmup: { type: 'string', default: '3' },
    profile: { type: 'string' },
    'lift-rate-limit': { type: 'boolean', default: false },
    'pg-url': { type: 'string', default: 'postgres://postgres@127.0.0.1:5432/postgres' },
    'redis-url': { type: 'string', default: 'redis://127.0.0.1:6379' },
  },
});
const opts = {
  connections: Number(values.connections),
  duration: Number(values.duration),
  rounds: Number(values.rounds),
  warmup: Number(values.warmup),
};
const command = realtimePrefix() + `npm run bench:poll -- ${process.argv.slice(2).join(' ')}`.trim().replace(/ --$/, '');


async function benchDb(db: DbKind, target: DbTarget): Promise<DbReport> {
  const loadBefore = loadavg()[0]!;
  const service = await startService(target, { profileDir: values.profile, liftRateLimit: values['lift-rate-limit'] });
  const baseline = await startBaseline(service.body, new URL(service.jobUrl).pathname).catch(
    async (err: unknown) => {
      await service.stop();
      throw err;
    },
  );
  const spec = (url: string, duration: number): LoadSpec => ({
    url,
    connections: opts.connections,
    duration,
    headers: service.headers,
  });
  const svc: LoadResult[] = [];
  const base: LoadResult[] = [];
  let svcWarm: LoadResult | undefined;
  try {
    // JIT, caches and connection pools settle during the warm-up; its numbers are dropped.
    svcWarm = await runLoad(spec(service.jobUrl, opts.warmup), [service.pid]);
    await runLoad(spec(baseline.url, opts.warmup), [baseline.pid]);
    for (let i = 0; i < opts.rounds; i++) {
      svc.push(await runLoad(spec(service.jobUrl, opts.duration), [service.pid]));
      base.push(await runLoad(spec(baseline.url, opts.duration), [baseline.pid]));
      console.error(
        `${db} round ${i + 1}: p2m ${Math.round(svc.at(-1)!.reqPerSec)} req/s, bare ${Math.round(base.at(-1)!.reqPerSec)} req/s`,
      );
    }
  } finally {
    await Promise.all([service.stop(), baseline.stop()]);
  }
  if (values.profile) {
    // What profile-summary.ts --requests needs to print µs per request.
    const answered = [svcWarm, ...svc].reduce((n, r) => n + (r ? Math.round(r.reqPerSec * r.seconds) : 0), 0);
    console.error(`${db}: profile in ${values.profile}; the server answered ${answered} requests (--requests ${answered})`);
  }
  const date = new Date().toISOString().slice(0, 16).replace('T', ' ') + ' UTC';
  return {
    db,
    bodyBytes: Buffer.byteLength(service.body),
    connections: opts.connections,
    duration: opts.duration,
    service: svc,
    baseline: base,
    loadBefore,
    loadAfter: loadavg()[0]!,
    date,
    command,
  };
}

async function main(): Promise<void> {
  for (const db of values.db.split(',').map((d) => d.trim()) as DbKind[]) {
    let report: DbReport;
    if (db === 'pglite') {
      report = await benchDb(db, { kind: 'pglite' });
    } else if (db === 'postgres') {
      const pgdb = await freshDatabase(values['pg-url'], 'p2m_bench_poll');
      try {
        report = await benchDb(db, {
          kind: 'postgres',
          databaseUrl: pgdb.url,
          redisUrl: values['redis-url'],
        });
      } finally {
        await pgdb.drop();
      }
    } else {
      throw new Error(`--db takes pglite and/or postgres, not ${db}`);
    }
    if (!values.profile)
      writeFileSync(
        OUT,
        mergeSection(existsSync(OUT) ? readFileSync(OUT, 'utf8') : null, db, renderSection(report)),
      );
    const s = summarize(report);
    console.error(
      `${db}: ${Math.round(s.reqPerSec)} req/s, p99 ${s.p99} ms, ${s.errors} errors, ${s.ratio.toFixed(2)}× bare Express` +
        ` → ${s.pass ? 'targets met' : 'targets NOT met'}`,
    );
  }
  if (!values.profile) console.error(`wrote ${OUT}`);
}

await main();
