import { parseArgs } from 'node:util';
import { loadConfig } from '../core/config.ts';
import { runWorkerProcess } from '../worker/main.ts';

/**
 * `p2m worker [--pool paid|free|all[=N]]... [--concurrency N]`: conversion
 * workers alone, sharing the PostgreSQL queue with any number of machines.
 * `--pool` (repeatable) replaces P2M_WORKER_POOLS; `--concurrency` replaces
 * P2M_WORKERS, the count of a pool given without `=N`.
 */
export async function run(argv: string[] = []): Promise<number> {
  const { values } = parseArgs({
    args: argv,
    options: { pool: { type: 'string', multiple: true }, concurrency: { type: 'string' } },
    strict: true,
  });
  const env: NodeJS.ProcessEnv = { ...process.env };
  if (values.pool?.length) env.P2M_WORKER_POOLS = values.pool.join(',');
  if (values.concurrency !== undefined) env.P2M_WORKERS = values.concurrency;
  await runWorkerProcess(loadConfig(env));
  return 0;
}
