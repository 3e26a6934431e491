import { parseArgs } from 'node:util';
import { loadConfig } from '../core/config.ts';
import { runWorkerProcess } from '../worker/main.ts';
import { serveOps } from '../server/ops-app.ts';

/**
 * The environment `p2m worker` runs with: `--pool` (repeatable, `paid`,
 * `free` or `all`, each optionally `=N`) replaces P2M_WORKER_POOLS and
 * `--concurrency N` replaces P2M_WORKERS, the count of a pool given without `=N`.
 */
export function workerEnv(argv: string[], env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const { values } = parseArgs({
    args: argv,
    options: { pool: { type: 'string', multiple: true }, concurrency: { type: 'string' } },
    strict: true,
  });
  const out: NodeJS.ProcessEnv = { ...env };
  if (values.pool?.length) out.P2M_WORKER_POOLS = values.pool.join(',');
  if (values.concurrency !== undefined) out.P2M_WORKERS = values.concurrency;
  return out;
}

/** `p2m worker [--pool paid|free|all[=N]]... [--concurrency N]`: conversion workers alone, sharing the PostgreSQL queue. */
export async function run(argv: string[] = []): Promise<number> {
  await runWorkerProcess(loadConfig(workerEnv(argv, process.env)), { opsServer: serveOps });
  return 0;
}
