/**
 * The one way p2m runs untrusted work (a conversion) in a child process with
 * limits: V8 heap (--max-old-space-size), resident memory (sampled), a
 * wall-clock limit that starts at the child's `started` message, a startup
 * limit and an abort signal. Whatever the child does — loop, exhaust memory,
 * crash, be killed — the caller gets an outcome, never an exception, and the
 * child never outlives the outcome.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { classifyExit, type ExitOutcome } from './exit-outcome.ts';
import { watchRss } from './watch-rss.ts';

/** What became of one run; only `answered` carries the child's reply. */
export type ChildOutcome<M> =
  | { kind: 'answered'; message: M }
  /** The runner killed it at the wall-clock limit: the input's fault. */
  | { kind: 'over_time'; limitMs: number }
  | ExitOutcome
  /** The child could not be started or reached: nobody's input is to blame. */
  | { kind: 'no_start'; message: string }
  | { kind: 'aborted'; reason: unknown };

/** The limits of one run. */
export type ChildLimits = {
  heapMb: number;
  /** Resident memory limit; default heapMb + 512 (the runtime and the engine's own baseline). */
  rssMb?: number;
  /** From the child's `started` message to its answer. */
  limitMs: number;
  /** Time allowed to start the process and load its code; default 60 s. */
  startupMs?: number;
};

/** One request to one fresh child. */
export type RunChildOptions<M> = {
  module: string | URL;
  request: unknown;
  limits: ChildLimits;
  /** The child's final reply; anything else it sends goes to `onMessage`. */
  isAnswer(message: unknown): message is M;
  onMessage?(message: unknown): void;
  signal?: AbortSignal;
};

const STDERR_TAIL = 8192;
const isStarted = (m: unknown): boolean => typeof m === 'object' && m !== null && (m as { type?: unknown }).type === 'started';

/** Forks `module`, sends it `request` and settles with the first outcome, killing the child. */
export function runChild<M>(o: RunChildOptions<M>): Promise<ChildOutcome<M>> {
  if (o.signal?.aborted) return Promise.resolve({ kind: 'aborted', reason: o.signal.reason });
  return new Promise((resolve) => {
    const child = fork(o.module, [], {
      execArgv: [`--max-old-space-size=${o.limits.heapMb}`],
      serialization: 'advanced',
      stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
    });
    const watch = watchChild(child, o, resolve);
    child.send(o.request as object, (err) => err && watch.settle({ kind: 'no_start', message: `could not reach the child: ${err.message}` }));
  });
}

function watchChild<M>(child: ChildProcess, o: RunChildOptions<M>, resolve: (out: ChildOutcome<M>) => void) {
  const { limits } = o;
  let settled = false;
  let stderr = '';
  let timer = setTimeout(() => settle({ kind: 'no_start', message: 'the child process did not start in time' }), limits.startupMs ?? 60_000);
  const rssMb = limits.rssMb ?? limits.heapMb + 512;
  const stopRss = child.pid === undefined ? () => undefined
    : watchRss(child.pid, rssMb, () => settle({ kind: 'over_memory', limitMb: rssMb, measured: 'rss' }));
  const onAbort = () => settle({ kind: 'aborted', reason: o.signal?.reason });
  o.signal?.addEventListener('abort', onAbort, { once: true });
  child.stderr?.setEncoding('utf8');
  child.stderr?.on('data', (s: string) => (stderr = (stderr + s).slice(-STDERR_TAIL)));
  child.on('error', (err) => settle({ kind: 'no_start', message: `the child process failed: ${err.message}` }));
  // stderr may still hold the heap-limit report when 'exit' fires; 'close' waits for the streams.
  child.on('close', (code, signal) => settle(classifyExit(code, signal, stderr, limits.heapMb)));
  child.on('message', (m: unknown) => {
    if (o.isAnswer(m)) return settle({ kind: 'answered', message: m });
    if (isStarted(m)) {
      clearTimeout(timer);
      timer = setTimeout(() => settle({ kind: 'over_time', limitMs: limits.limitMs }), limits.limitMs);
    }
    o.onMessage?.(m);
  });

  function settle(outcome: ChildOutcome<M>): void {
    if (settled) return;
    settled = true;
    clearTimeout(timer);
    stopRss();
    o.signal?.removeEventListener('abort', onAbort);
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    resolve(outcome);
  }
  return { settle };
}
