/**
 * Watches on jobs for long polls: a watch hears the wake-up announcements of
 * one job (core/wakeup: in process, or Redis pub/sub across processes) and
 * remembers one that arrives while nobody is waiting on it, so a change
 * between subscribing and reading is never lost. The number of watches open
 * at once in this process is bounded: past the bound watch() returns null
 * and the caller answers at once instead of waiting.
 */
import type { Wakeup } from '../wakeup/wakeup.ts';

/** How a wait ended: the job was announced, the time ran out, or the caller went away. */
export type WaitEnd = 'announced' | 'timeout' | 'aborted';

export type JobWatch = {
  /** Resolves at the next announcement of the job (at once if one came since the last next()), after `ms`, or on abort. */
  next(ms: number, signal?: AbortSignal): Promise<WaitEnd>;
  close(): void;
};

export class JobWatches {
  #open = 0;
  readonly #wakeup: Pick<Wakeup, 'subscribeJob'>;
  readonly #maxOpen: number;

  constructor(wakeup: Pick<Wakeup, 'subscribeJob'>, maxOpen: number) {
    this.#wakeup = wakeup;
    this.#maxOpen = maxOpen;
  }

  /** Watches open now (waiting requests of this process). */
  get open(): number {
    return this.#open;
  }

  /** A watch on `jobId`, or null when maxOpen watches are open already. Close it when done. */
  watch(jobId: string): JobWatch | null {
    if (this.#open >= this.#maxOpen) return null;
    this.#open++;
    let announced = false;
    let wake: ((end: WaitEnd) => void) | null = null;
    const unsubscribe = this.#wakeup.subscribeJob(jobId, () => {
      if (wake) wake('announced');
      else announced = true;
    });
    let closed = false;
    return {
      next(ms, signal) {
        if (announced) {
          announced = false;
          return Promise.resolve('announced');
        }
        if (signal?.aborted) return Promise.resolve('aborted');
        return new Promise<WaitEnd>((resolve) => {
          const end = (how: WaitEnd) => {
            clearTimeout(timer);
            signal?.removeEventListener('abort', onAbort);
            wake = null;
            resolve(how);
          };
          const onAbort = () => end('aborted');
          const timer = setTimeout(() => end('timeout'), ms);
          signal?.addEventListener('abort', onAbort, { once: true });
          wake = end;
        });
      },
      close: () => {
        if (closed) return;
        closed = true;
        unsubscribe();
        wake?.('aborted');
        this.#open--;
      },
    };
  }
}
