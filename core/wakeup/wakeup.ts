/**
 * Wake-ups tell idle workers that a pool has new work, so they claim at once
 * instead of at their next poll, and tell long polls (GET /api/v2/jobs/{id}?wait=N)
 * that a job changed. Best effort: polling still finds every job, and a long
 * poll re-reads its job now and then anyway (core/jobs/wait-for-change.ts).
 * In one process an EventEmitter carries them; with Redis, pub/sub reaches
 * workers and API processes on other machines.
 */
import { EventEmitter } from 'node:events';
import { newRedisClient } from '../redis/redis-client.ts';

export type Pool = 'free' | 'paid';
/** What a wake-up is about: a job pool, or webhook deliveries waiting in the outbox. */
export type WakeTopic = Pool | 'webhooks';
const TOPICS: readonly string[] = ['free', 'paid', 'webhooks'] satisfies WakeTopic[];

export interface Wakeup {
  notify(topic: WakeTopic): void;
  subscribe(listener: (topic: WakeTopic) => void): () => void;
  /** Announces that a job's row changed (status, progress, result). */
  notifyJob(jobId: string): void;
  /** Calls `listener` when `jobId` is announced; returns the unsubscribe. */
  subscribeJob(jobId: string, listener: () => void): () => void;
  /** Resolves when the channel is usable (Redis answers PING); rejects otherwise. */
  ping(): Promise<void>;
  close(): Promise<void>;
}

const CHANNEL = 'p2m:wake';
const JOB_CHANNEL = 'p2m:job-changed';

export function createLocalWakeup(): Wakeup {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  // Listeners by job id: an announcement reaches only the waits on that job, however many are waiting.
  const byJob = new Map<string, Set<() => void>>();
  return {
    notify: (pool) => void emitter.emit('wake', pool),
    subscribe(listener) {
      emitter.on('wake', listener);
      return () => emitter.off('wake', listener);
    },
    notifyJob(jobId) {
      for (const fn of byJob.get(jobId) ?? []) fn();
    },
    subscribeJob(jobId, listener) {
      let set = byJob.get(jobId);
      if (!set) byJob.set(jobId, (set = new Set()));
      set.add(listener);
      return () => {
        set.delete(listener);
        if (set.size === 0 && byJob.get(jobId) === set) byJob.delete(jobId);
      };
    },
    ping: async () => undefined,
    close: async () => {
      emitter.removeAllListeners();
      byJob.clear();
    },
  };
}

export async function createRedisWakeup(url: string): Promise<Wakeup> {
  const local = createLocalWakeup();
  const pub = await newRedisClient(url);
  const sub = pub.duplicate();
  pub.on('error', () => undefined); // reconnects by itself; polling covers the gap
  sub.on('error', () => undefined);
  await Promise.all([pub.connect(), sub.connect()]);
  await sub.subscribe(CHANNEL, (message: string) => {
    if (TOPICS.includes(message)) local.notify(message as WakeTopic);
  });
  // Every process hears every job's announcement (the message is its id) and wakes only the waits on that job.
  await sub.subscribe(JOB_CHANNEL, (jobId: string) => local.notifyJob(jobId));
  return {
    notify: (pool) => void pub.publish(CHANNEL, pool).catch(() => undefined),
    subscribe: local.subscribe,
    notifyJob: (jobId) => void pub.publish(JOB_CHANNEL, jobId).catch(() => undefined),
    subscribeJob: local.subscribeJob,
    ping: async () => void (await pub.ping()),
    async close() {
      await Promise.allSettled([sub.quit(), pub.quit()]);
      await local.close();
    },
  };
}
