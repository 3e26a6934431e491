import { loadConfig } from '../core/config.ts';
import { runWorkerProcess } from '../worker/main.ts';

/** `p2m worker`: conversion workers alone, sharing the PostgreSQL queue with any number of machines. */
export async function run(): Promise<number> {
  await runWorkerProcess(loadConfig());
  return 0;
}
