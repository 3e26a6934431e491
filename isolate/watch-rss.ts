/**
 * Samples a child's resident memory, which --max-old-space-size does not
 * bound (buffers, WebAssembly, native canvas memory).
 */
import { readFile } from 'node:fs/promises';

const SAMPLE_MS = 200;

/** Calls `over` once the process's RSS passes `limitMb`; stops quietly where /proc is missing. Returns a stop function. */
export function watchRss(pid: number, limitMb: number, over: (rssMb: number) => void): () => void {
  let stopped = false;
  const sample = async (): Promise<void> => {
    const status = await readFile(`/proc/${pid}/status`, 'utf8').catch(() => null);
    const kb = status === null ? undefined : /^VmRSS:\s+(\d+)\s+kB/m.exec(status)?.[1];
    if (kb === undefined) return stop(); // not Linux, or the process is gone
    const mb = Number(kb) / 1024;
    if (mb > limitMb && !stopped) {
      stop();
      over(mb);
    }
  };
  const timer = setInterval(() => void sample(), SAMPLE_MS);
  timer.unref();
  function stop(): void {
    stopped = true;
    clearInterval(timer);
  }
  return stop;
}
