/**
 * Readiness: is this process fit to take traffic, and if not, which
 * dependency fails. Each probe is bounded, so a hung dependency makes the
 * answer "no" rather than making the orchestrator's probe time out.
 */
import { sql } from 'drizzle-orm';
import type { Runtime } from '../runtime.ts';

export type Readiness = {
  ready: boolean;
  /** 'ok', or what is wrong, per dependency; `draining` while the process shuts down. */
  checks: Record<'database' | 'redis' | 'blobs' | 'process', string>;
};

const PROBE_MS = 3000;

async function probe(run: () => Promise<string | null>): Promise<string> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<string>((r) => (timer = setTimeout(() => r(`no answer within ${PROBE_MS} ms`), PROBE_MS)));
  try {
    return (await Promise.race([run().then((problem) => problem ?? 'ok'), late])) as string;
  } catch (err) {
    return err instanceof Error ? err.message : String(err);
  } finally {
    clearTimeout(timer);
  }
}

/** Probes the database, Redis (when configured) and the blob store in parallel. */
export async function readiness(rt: Pick<Runtime, 'db' | 'wakeup' | 'blobs' | 'config' | 'lifecycle' | 'metrics'>): Promise<Readiness> {
  const [database, redis, blobs] = await Promise.all([
    probe(() => rt.db.execute(sql`select 1`).then(() => null)),
    rt.config.redisUrl ? probe(() => rt.wakeup.ping().then(() => null)) : Promise.resolve('ok'),
    probe(() => rt.blobs.check()),
  ]);
  rt.metrics.blobStoreUp.set(blobs === 'ok' ? 1 : 0);
  const processState = rt.lifecycle.draining ? 'draining' : 'ok';
  const checks = { database, redis, blobs, process: processState };
  return { ready: Object.values(checks).every((c) => c === 'ok'), checks };
}
