/**
 * The webhook dispatcher: claims due deliveries from the outbox under a
 * lease (sql/claim-deliveries.ts), signs and POSTs each through the egress
 * guard, and records the outcome fenced by the lease. It wakes on the
 * 'webhooks' wake-up (core/wakeup) and otherwise polls every config.pollMs;
 * every config.sweepSeconds it reaps deliveries whose dispatcher died.
 *
 * Per target (an endpoint, or a callback URL) a bottleneck limiter bounds
 * what is sent at once (P2M_WEBHOOK_ENDPOINT_CONCURRENCY) and how often
 * (P2M_WEBHOOK_ENDPOINT_RATE a second), for the whole service when Redis is
 * configured (target-limiters.ts); the claim applies the same concurrency cap
 * in the database. A slow or dead receiver
 * holds at most its own slots, each for at most P2M_WEBHOOK_TIMEOUT_MS.
 */
import { randomUUID } from 'node:crypto';
import { EventEmitter } from 'node:events';
import { hostname } from 'node:os';
import { createClaimPump } from '../claim-pump.ts';
import { createTargetLimiters, type TargetLimiters } from './target-limiters.ts';
import { open } from '../../core/crypto/secret-box.ts';
import type { Runtime } from '../../core/runtime.ts';
import type { TierName } from '../../core/tiers.ts';
import { deliveryBody } from '../../core/webhooks/webhook-events.ts';
import { deliveryHeaders } from '../../core/webhooks/sign-delivery.ts';
import { classifyAttempt, type ClassifyInput } from './classify-attempt.ts';
import { claimDeliveries, type Claim, type ClaimedDelivery } from './sql/claim-deliveries.ts';
import { finishAttempt, type AttemptOutcome } from './sql/finish-attempt.ts';
import { reapDeliveries } from './sql/reap-deliveries.ts';

/** Room past the request timeout before a lease runs out: queueing behind the per-target limiter. */
const LEASE_MARGIN_SECONDS = 60;

export type DeliveryEvent = { deliveryId: string; outcome: AttemptOutcome['outcome'] | 'lost' };
export type DispatcherEvents = { attempt: [DeliveryEvent]; error: [unknown] };

export type Dispatcher = {
  readonly id: string;
  readonly events: EventEmitter<DispatcherEvents>;
  start(): void;
  /** Stops claiming and waits for the attempts in flight (each ends by its timeout). */
  stop(): Promise<void>;
  /** Claims and sends until nothing is due; returns the number of attempts made. */
  runOnce(): Promise<number>;
  /** One reaper pass, as the timer runs it. */
  sweep(): Promise<number>;
};

export type DispatcherDeps = Pick<Runtime, 'db' | 'config' | 'log' | 'secretKey' | 'webhookClient' | 'wakeup'>;

/** Builds a dispatcher; nothing runs until start() or runOnce(). */
export function createDispatcher(runtime: DispatcherDeps, opts: { id?: string } = {}): Dispatcher {
  const id = opts.id ?? `${hostname()}:${process.pid}:wh-${randomUUID().slice(0, 8)}`;
  const cfg = runtime.config.webhooks;
  const events = new EventEmitter<DispatcherEvents>();
  events.on('error', () => undefined);
  const limiters = createTargetLimiters(cfg, runtime.config.redisUrl, runtime.log);
  const active = new Set<Promise<void>>();
  const maxAttempts = cfg.retrySeconds.length + 1;

  const claim = (limit: number) =>
    claimDeliveries(runtime.db, {
      owner: id,
      limit,
      leaseSeconds: Math.ceil(cfg.timeoutMs / 1000) + LEASE_MARGIN_SECONDS,
      endpointConcurrency: cfg.endpointConcurrency,
    });

  function handle(claim: Claim): Promise<void> {
    const d = claim.delivery;
    const outcome = claim.kind === 'usable' ? attemptDelivery(runtime, limiters, claim.delivery) : Promise.resolve(unusable(claim.delivery.problem));
    const done = outcome
      .then((outcome) => finishAttempt(runtime.db, { id: d.id, lease: d.lease, disableAfter: cfg.disableAfter, ...outcome }).then((held) => {
        if (!held) runtime.log.info({ deliveryId: d.id }, 'webhook lease lost; outcome discarded');
        events.emit('attempt', { deliveryId: d.id, outcome: held ? outcome.outcome : 'lost' });
      }))
      .catch((err: unknown) => {
        // The lease runs out and the reaper re-queues the delivery.
        runtime.log.error({ deliveryId: d.id, err }, 'webhook attempt failed');
        events.emit('error', err);
      })
      .finally(() => active.delete(done));
    active.add(done);
    return done;
  }

  const sweep = () => reapDeliveries(runtime.db, { maxAttempts });
  const loop = createLoop({ runtime, claim, handle, sweep, active, events, concurrency: cfg.concurrency });
  return {
    id,
    events,
    start: loop.start,
    async stop() {
      await loop.stop();
      await limiters.close();
    },
    sweep,
    async runOnce() {
      let n = 0;
      for (;;) {
        const batch = await claim(Math.max(1, cfg.concurrency));
        if (batch.length === 0) return n;
        await Promise.all(batch.map(handle));
        n += batch.length;
      }
    },
  };
}

/** The final failure of a delivery that cannot be sent at all; the code leads the logged error. */
const unusable = (problem: string): AttemptOutcome => ({ outcome: 'failed', statusCode: null, error: `malformed_delivery: ${problem} (not sent)` });

/** The signed request of a delivery, or why it cannot be built (a sealed secret that does not open). */
function prepare(runtime: DispatcherDeps, d: ClaimedDelivery): { headers: Record<string, string>; body: Buffer } | { problem: string } {
  let secrets: string[];
  try {
    secrets = [d.secret_sealed, d.previous_secret_sealed].filter((s): s is string => s !== null).map((s) => open(runtime.secretKey, s));
  } catch {
    return { problem: 'its signing secret cannot be opened with this service\'s key' };
  }
  const body = deliveryBody(d.event, d.job);
  return { body, headers: deliveryHeaders({ event: d.event, eventId: d.event_id, timestamp: d.now_s, secrets, body }) };
}

/** Signs and sends one claimed delivery through its target's limiter; what happened, as the log records it. */
async function attemptDelivery(runtime: DispatcherDeps, limiters: TargetLimiters, d: ClaimedDelivery): Promise<AttemptOutcome> {
  const cfg = runtime.config.webhooks;
  if (!runtime.config.tiers[d.tier as TierName]?.webhooksEnabled) {
    return { outcome: 'failed', statusCode: null, error: 'not_in_plan: the account\'s plan no longer includes webhooks (not sent)' };
  }
  if (d.endpoint_disabled && !d.test) {
    return { outcome: 'failed', statusCode: null, error: 'endpoint_disabled: the endpoint was disabled (not sent)' };
  }
  const request = prepare(runtime, d);
  if ('problem' in request) return unusable(request.problem);
  const { headers, body } = request;
  const result: ClassifyInput['result'] = await limiters
    .schedule(d.endpoint_id ?? d.url, () => runtime.webhookClient.post(d.url, headers, body))
    .then((res) => ({ kind: 'answered' as const, res }), (error: unknown) => ({ kind: 'error' as const, error }));
  return classifyAttempt({ result, attempt: d.attempts, retrySeconds: cfg.retrySeconds });
}

type LoopParts = {
  runtime: DispatcherDeps;
  claim(limit: number): Promise<Claim[]>;
  handle(c: Claim): Promise<void>;
  sweep(): Promise<number>;
  active: Set<Promise<void>>;
  events: EventEmitter<DispatcherEvents>;
  concurrency: number;
};

/** start()/stop(): wake-ups, polling and the reaper timer; one claim at a time, up to the free concurrency. */
function createLoop(p: LoopParts) {
  let running = false;
  const timers: NodeJS.Timeout[] = [];
  let unsubscribe = (): void => undefined;
  const report = (err: unknown): void => {
    p.runtime.log.error({ err }, 'webhook dispatcher error');
    p.events.emit('error', err);
  };

  const pump = createClaimPump(p, report, () => running);
  const kick = pump.kick;

  const sweep = (): void => void p.sweep().then((n) => n > 0 && kick(), report);

  return {
    start(): void {
      if (running || p.concurrency <= 0) return;
      running = true;
      unsubscribe = p.runtime.wakeup.subscribe((topic) => topic === 'webhooks' && kick());
      timers.push(setInterval(kick, p.runtime.config.pollMs), setInterval(sweep, p.runtime.config.sweepSeconds * 1000));
      sweep();
      kick();
    },
    async stop(): Promise<void> {
      running = false;
      unsubscribe();
      timers.forEach(clearInterval);
      await pump.idle();
      await Promise.all([...p.active]);
    },
  };
}
