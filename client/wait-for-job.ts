import type { V1Job } from './schemas.ts';

/** Polling options for {@link waitForJob}. */
export type WaitOptions = {
  /** Delay between polls; default 2000 ms. */
  intervalMs?: number;
  /** Give up after this long with a `TimeoutError` DOMException; default 10 minutes. */
  timeoutMs?: number;
  /** Cancels the wait (and the in-flight poll) with the signal's reason. */
  signal?: AbortSignal;
};

const TERMINAL = new Set<V1Job['status']>(['ready', 'error', 'canceled']);

/**
 * Polls `getJob` until the job is ready, error or canceled and returns it.
 * Rejects with the abort reason on timeout or cancellation, and with any
 * error `getJob` throws (a 404 means the job is gone; polling further is pointless).
 */
export async function waitForJob(
  getJob: (signal: AbortSignal) => Promise<V1Job>,
  options: WaitOptions = {},
): Promise<V1Job> {
  const timeout = AbortSignal.timeout(options.timeoutMs ?? 600_000);
  const signal = options.signal ? AbortSignal.any([options.signal, timeout]) : timeout;
  for (;;) {
    signal.throwIfAborted();
    const job = await getJob(signal);
    if (TERMINAL.has(job.status)) return job;
    await delay(options.intervalMs ?? 2000, signal);
  }
}

function delay(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal.reason);
    };
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal.addEventListener('abort', onAbort, { once: true });
  });
}
