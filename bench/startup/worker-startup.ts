/**
 * What `p2m worker` loads before it claims its first job: the modules (all of
 * them, and those of stripe and the Redis client, which a worker without
 * billing or REDIS_URL never uses), the time until its `worker started` log
 * record, and the CPU it spent, from start through an immediate SIGTERM.
 *
 *   node bench/startup/worker-startup.ts [--pg-url postgres://postgres@127.0.0.1:5432/postgres] [--runs 5]
 *     [--redis-url redis://127.0.0.1:6379/6]
 *
 * Each run starts one worker (no REDIS_URL unless given, no billing) on a
 * fresh database and counts through bench/startup/loaded-modules-hook.ts.
 * The module counts do not depend on the machine's load; the times do.
 */
import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { parseArgs } from 'node:util';
import { freshDatabase } from '../poll/pg-database.ts';
import { run as runCli } from '../scale/cli-run.ts';

const { values } = parseArgs({
  options: {
    'pg-url': { type: 'string', default: 'postgres://postgres@127.0.0.1:5432/postgres' },
    'redis-url': { type: 'string' },
    runs: { type: 'string', default: '5' },
  },
});

const CLI = join(import.meta.dirname, '../../cli/p2m.ts');
const HOOK = join(import.meta.dirname, 'loaded-modules-hook.ts');

type Run = { readyMs: number; cpuMs: number; modules: string[] };

/** One worker from spawn to `worker started`, then SIGTERM; the modules it had loaded by its exit. */
async function oneRun(env: Record<string, string>): Promise<Run> {
  const dir = await mkdtemp(join(tmpdir(), 'p2m-bench-startup-'));
  const out = join(dir, 'modules.json');
  const t0 = performance.now();
  const child = spawn(process.execPath, ['--import', HOOK, CLI, 'worker'], {
    env: { ...process.env, ...env, P2M_DATA_DIR: dir, P2M_LOG_LEVEL: 'info', P2M_LOADED_MODULES_OUT: out },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const exited = new Promise<number | null>((r) => child.once('exit', (code) => r(code)));
  const readyMs = await new Promise<number>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`worker exited (${code}) before it was ready`)));
    createInterface({ input: child.stdout! }).on('line', (line) => {
      if (line.includes('"msg":"worker started"')) resolve(performance.now() - t0);
    });
  });
  child.kill('SIGTERM');
  await exited;
  const { cpuMs, modules } = JSON.parse(await readFile(out, 'utf8')) as { cpuMs: number; modules: string[] };
  await rm(dir, { recursive: true, force: true });
  return { readyMs, cpuMs, modules };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const ofPackage = (modules: string[], re: RegExp) => modules.filter((m) => re.test(m)).length;

const db = await freshDatabase(values['pg-url'], 'p2m_bench_startup');
try {
  const env: Record<string, string> = { DATABASE_URL: db.url, ...(values['redis-url'] ? { REDIS_URL: values['redis-url'] } : {}) };
  await runCli(['migrate'], { ...env, P2M_DATA_DIR: await mkdtemp(join(tmpdir(), 'p2m-bench-migrate-')) });
  const runs: Run[] = [];
  for (let i = 0; i < Number(values.runs); i++) runs.push(await oneRun(env));
  const last = runs.at(-1)!.modules;
  console.log(`| modules loaded | of stripe | of redis / @redis | ready (median of ${runs.length}) | CPU to exit (median) |`);
  console.log('|---|---|---|---|---|');
  console.log(
    `| ${last.length} | ${ofPackage(last, /\/node_modules\/stripe\//)} | ${ofPackage(last, /\/node_modules\/(@redis\/|redis\/)/)} ` +
      `| ${median(runs.map((r) => r.readyMs)).toFixed(0)} ms | ${median(runs.map((r) => r.cpuMs)).toFixed(0)} ms |`,
  );
} finally {
  await db.drop();
}
