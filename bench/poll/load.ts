/**
 * One measured load run: autocannon in its own process (load-worker.ts)
 * against one URL, with the CPU time the server (and, on PostgreSQL, the
 * database and Redis) spent meanwhile.
 */
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import type { Result } from 'autocannon';
import { cpuSecondsOf, cpuSecondsOfAll, pidsNamed } from './proc-stats.ts';

const run = promisify(execFile);
const WORKER = fileURLToPath(new URL('./load-worker.ts', import.meta.url));

export type LoadSpec = {
  url: string;
  connections: number;
  duration: number;
  headers: Record<string, string>;
};

export type LoadResult = {
  /** Successful (2xx) responses per second. */
  reqPerSec: number;
  p50: number;
  p99: number;
  max: number;
  /** Socket errors, timeouts and non-2xx answers. */
  errors: number;
  /** CPU seconds during the run: the server under test, the load generator, PostgreSQL + Redis (0 on PGlite). */
  serverCpu: number;
  loadgenCpu: number;
  dbCpu: number;
  seconds: number;
};

/** Processes outside the server that serve it: counted when present (the PostgreSQL run). */
const DB_PROCESS_NAMES = ['postgres', 'redis-server'];

/** Drives `spec` and measures it; `serverPids` are the processes whose CPU counts as the server's. */
export async function runLoad(spec: LoadSpec, serverPids: readonly number[]): Promise<LoadResult> {
  const db0 = new Map(pidsNamed(DB_PROCESS_NAMES).map((pid) => [pid, cpuSecondsOf(pid)]));
  const server0 = cpuSecondsOfAll(serverPids);
  const { stdout } = await run(process.execPath, [WORKER, JSON.stringify(spec)], {
    maxBuffer: 16 * 1024 * 1024,
  });
  const serverCpu = cpuSecondsOfAll(serverPids) - server0;
  // Per process: backends that ended during the run are not counted, new ones count whole.
  const dbCpu = pidsNamed(DB_PROCESS_NAMES).reduce(
    (sum, pid) => sum + cpuSecondsOf(pid) - (db0.get(pid) ?? 0),
    0,
  );
  const { result, cpuSeconds } = JSON.parse(stdout) as { result: Result; cpuSeconds: number };
  return {
    reqPerSec: result['2xx'] / result.duration,
    p50: result.latency.p50,
    p99: result.latency.p99,
    max: result.latency.max,
    errors: result.errors + result.timeouts + result.non2xx,
    serverCpu,
    loadgenCpu: cpuSeconds,
    dbCpu,
    seconds: result.duration,
  };
}
