/**
 * Long-poll settings (part of Config): GET /api/v2/jobs/{id}?wait=N and the
 * get_job tool's wait_seconds. Every bound finite: how long one request may
 * wait, how many may wait at once in one process (more answer at once), and
 * how often a waiting request re-reads its job even without a wake-up (an
 * announcement lost with Redis down, or a change no writer announces, such
 * as a result reaching its expiry).
 */
import { z } from 'zod';

export const WAIT_ENV = {
  /** Longest wait one request gets, seconds; a larger ?wait= is cut to it. 0 turns long polls off (they answer at once). */
  P2M_WAIT_MAX_SECONDS: z.coerce.number().int().min(0).max(3600).default(30),
  /** Requests of this process that may wait at once; one more answers at once. */
  P2M_WAIT_MAX_WAITERS: z.coerce.number().int().min(0).max(1_000_000).default(1000),
  /** A waiting request re-reads its job at least this often, seconds. */
  P2M_WAIT_RECHECK_SECONDS: z.coerce.number().int().min(1).max(3600).default(5),
};

export type WaitConfig = Readonly<{ maxSeconds: number; maxWaiters: number; recheckSeconds: number }>;

type WaitEnv = z.infer<z.ZodObject<typeof WAIT_ENV>>;

export function waitConfigOf(e: WaitEnv): WaitConfig {
  return Object.freeze({
    maxSeconds: e.P2M_WAIT_MAX_SECONDS,
    maxWaiters: e.P2M_WAIT_MAX_WAITERS,
    recheckSeconds: e.P2M_WAIT_RECHECK_SECONDS,
  });
}
