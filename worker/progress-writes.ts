/**
 * How a running job's progress reaches its row: the latest pages done, one
 * write at a time, at most one write per `intervalMs` (P2M_PROGRESS_MS),
 * the first one interval after the conversion started. The claim already
 * shows the job processing; a job converted within the interval (most are:
 * 12 pages take a tenth of a second) writes no progress at all, and its
 * settlement writes the pages. A 2,000-page manual writes its progress once
 * a second rather than once per database round trip; the values overtaken
 * meanwhile are never written. When the conversion ends, a value still
 * waiting is dropped: the settlement that follows writes the final pages.
 */
export type ProgressWrites = {
  record(pages: number, pagesDone: number): void;
  /** Drops a value still waiting and resolves once the write in flight (if any) is done. */
  stop(): Promise<void>;
};

/** Writes one value; it handles (logs) its own failures and never rejects. */
export type WriteProgress = (p: { pages: number; pagesDone: number }) => Promise<void>;

export function progressWrites(write: WriteProgress, intervalMs: number, now: () => number = Date.now): ProgressWrites {
  let latest: { pages: number; pagesDone: number } | null = null;
  let lastStart = now(); // the conversion's start: the first write waits one interval
  let running = false;
  let inflight: Promise<void> = Promise.resolve();
  let timer: ReturnType<typeof setTimeout> | null = null;
  let stopped = false;

  const pump = async () => {
    running = true;
    try {
      while (latest && !stopped) {
        const wait = lastStart + intervalMs - now();
        if (wait > 0) {
          timer = setTimeout(() => ((timer = null), kick()), wait);
          return;
        }
        const next = latest;
        latest = null;
        lastStart = now();
        await write(next);
      }
    } finally {
      running = false;
    }
  };
  const kick = () => {
    if (!running && !timer) inflight = pump();
  };

  return {
    record(pages, pagesDone) {
      if (stopped) return;
      latest = { pages, pagesDone };
      kick();
    },
    async stop() {
      stopped = true;
      latest = null;
      if (timer) clearTimeout(timer);
      timer = null;
      await inflight;
    },
  };
}
