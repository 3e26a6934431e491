/**
 * Wake-ups tell idle workers that a pool has new work, so they claim at once
 * instead of at their next poll. Best effort: polling still finds every job.
 * In one process an EventEmitter carries them; with Redis, pub/sub reaches
 * workers on other machines.
 */
import { EventEmitter } from 'node:events';
import { createClient } from 'redis';

export type Pool = 'free' | 'paid';
/** What a wake-up is about: a job pool, or webhook deliveries waiting in the outbox. */
export type WakeTopic = Pool | 'webhooks';
const TOPICS: readonly string[] = ['free', 'paid', 'webhooks'] satisfies WakeTopic[];

export interface Wakeup {
  notify(topic: WakeTopic): void;
  subscribe(listener: (topic: WakeTopic) => void): () => void;
  /** Resolves when the channel is usable (Redis answers PING); rejects otherwise. */
  ping(): Promise<void>;
  close(): Promise<void>;
}

const CHANNEL = 'p2m:wake';

export function createLocalWakeup(): Wakeup {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  return {
    notify: (pool) => void emitter.emit('wake', pool),
    subscribe(listener) {
      emitter.on('wake', listener);
      return () => emitter.off('wake', listener);
    },
    ping: async () => undefined,
    close: async () => void emitter.removeAllListeners(),
  };
}

export async function createRedisWakeup(url: string): Promise<Wakeup> {
  const local = createLocalWakeup();
  const pub = createClient({ url });
  const sub = pub.duplicate();
  pub.on('error', () => undefined); // reconnects by itself; polling covers the gap
  sub.on('error', () => undefined);
  await Promise.all([pub.connect(), sub.connect()]);
  await sub.subscribe(CHANNEL, (message: string) => {
    if (TOPICS.includes(message)) local.notify(message as WakeTopic);
  });
  return {
    notify: (pool) => void pub.publish(CHANNEL, pool).catch(() => undefined),
    subscribe: local.subscribe,
    ping: async () => void (await pub.ping()),
    async close() {
      await Promise.allSettled([sub.quit(), pub.quit()]);
      await local.close();
    },
  };
}
