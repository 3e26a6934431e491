/**
 * The one way p2m runs untrusted work (a conversion) in a child process with
 * limits: V8 heap (--max-old-space-size), resident memory (sampled), a
 * wall-clock limit per request that starts at the child's `started` message,
 * a startup limit and an abort signal. Whatever the child does — loop,
 * exhaust memory, crash, be killed — each request settles with an outcome,
 * never an exception, and a child that broke a limit is killed at once.
 *
 * A child may serve several requests in turn (`p2m convert` keeps one per
 * lane, so the engine loads once per lane, not once per file); {@link runChild}
 * is the one-request form the worker uses.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { compileCacheDir } from './compile-cache.ts';
import { classifyExit, type ExitOutcome } from './exit-outcome.ts';
import { watchRss } from './watch-rss.ts';
import { canWatch, watchChild, WATCH_ENV } from './parent-watch.ts';

/** What became of one request; only `answered` carries the child's reply. */
export type ChildOutcome<M> =
  | { kind: 'answered'; message: M }
  /** The runner killed it at the wall-clock limit: the input's fault. */
  | { kind: 'over_time'; limitMs: number }
  | ExitOutcome
  /** The child could not be started or reached: nobody's input is to blame. */
  | { kind: 'no_start'; message: string }
  | { kind: 'aborted'; reason: unknown };

/** The limits of a child and of each of its requests. */
export type ChildLimits = {
  heapMb: number;
  /** Resident memory limit; default heapMb + 512 (the runtime and the engine's own baseline). */
  rssMb?: number;
  /** From the child's `started` message to its answer. */
  limitMs: number;
  /** Time allowed from sending a request to `started` (process start, code loading); default 60 s. */
  startupMs?: number;
  /**
   * V8's old-generation growth after each full collection, in percent of
   * what survived it (`--heap-growing-percent`); unset, V8 picks up to 300 %
   * when collections are quick, so a child's heap can reach four times its live data.
   */
  heapGrowthPercent?: number;
  /**
   * Largest size of each of V8's young-generation semi-spaces, in MB
   * (`--max-semi-space-size`); unset, V8 sizes them from the heap limit, and
   * a 4 GB heap lets the nursery alone take a few hundred MB of a long document's peak.
   */
  semiSpaceMb?: number;
  /**
   * Run V8 on the child's one thread (`--single-threaded`): no optimising
   * compiler or garbage collector threads beside it. A warm child otherwise
   * keeps about 1.3 cores busy, so on a machine run with one worker process
   * per core the workers' children crowd each other; single-threaded, each
   * keeps one core, at the same CPU per job and about a quarter more wall
   * time per job when it runs alone (bench/SCALE.md).
   */
  singleThreaded?: boolean;
  /**
   * The highest tier V8 compiles the child's code to (`--max-opt=2` for
   * Maglev); unset, hot functions go on to Turbofan, whose compiling costs a
   * short-lived child more CPU than its faster code saves (child-limits.ts).
   */
  topTier?: 'maglev';
};

/** What a child inherits of the environment: no credentials (DATABASE_URL, keys, tokens) reach code that reads hostile input. */
const INHERITED = /^(PATH|HOME|TMPDIR|TMP|TEMP|LANG|LANGUAGE|TZ|LC_[A-Z_]+|NODE_[A-Z0-9_]+)$/;

/**
 * The environment of a child: only what the runtime needs (see INHERITED),
 * plus where children keep V8's compiled code between runs (Node's module
 * compile cache): loading the engine's modules from source cost about
 * 0.8 CPU-s a start against 0.3 s from the cache. Node's own NODE_COMPILE_CACHE
 * wins when set; NODE_DISABLE_COMPILE_CACHE=1 turns it off. Node checks each
 * entry against the source's hash, so a stale or foreign entry is recompiled,
 * never used.
 */
export function childEnv(env: NodeJS.ProcessEnv = process.env): NodeJS.ProcessEnv {
  const kept = Object.fromEntries(Object.entries(env).filter(([name]) => INHERITED.test(name)));
  return { ...kept, NODE_COMPILE_CACHE: compileCacheDir(env) };
}

/** How one request is answered. */
export type RequestOptions<M> = {
  /** The child's final reply; anything else it sends goes to `onMessage`. */
  isAnswer(message: unknown): message is M;
  onMessage?(message: unknown): void;
  signal?: AbortSignal;
  /** This request's wall-clock limit from `started`; default the child's limits.limitMs. */
  limitMs?: number;
};

/**
 * A running child; after any outcome but `answered` it is gone and `run`
 * answers `no_start`. Between requests it does not keep this process alive
 * (a warm child waiting for work must not hold up a process that is done).
 */
export type ChildSession = {
  run<M>(request: unknown, o: RequestOptions<M>): Promise<ChildOutcome<M>>;
  /** False once the child has ended (a limit, a crash, a kill, or close()). */
  alive(): boolean;
  /** Kills the child (it has nothing left to do, or the caller gives up). */
  close(): void;
  /**
   * Kills the child and resolves once it has been reaped: its CPU time and
   * peak memory then count in this process's own children's usage (GNU time,
   * getrusage), which a process exiting before its children are reaped loses.
   */
  stop(): Promise<void>;
};

type Pending = { settle(outcome: ChildOutcome<unknown>): void; started(): void; o: RequestOptions<unknown> };

const STDERR_TAIL = 8192;
const isStarted = (m: unknown): boolean => typeof m === 'object' && m !== null && (m as { type?: unknown }).type === 'started';

/** The V8 flags of a child under `limits`. */
function childFlags(limits: ChildLimits): string[] {
  return [
    `--max-old-space-size=${limits.heapMb}`,
    ...(limits.heapGrowthPercent ? [`--heap-growing-percent=${limits.heapGrowthPercent}`] : []),
    ...(limits.semiSpaceMb ? [`--max-semi-space-size=${limits.semiSpaceMb}`] : []),
    ...(limits.singleThreaded ? ['--single-threaded'] : []),
    ...(limits.topTier === 'maglev' ? ['--max-opt=2'] : []),
  ];
}

/**
 * Forks `module` under `limits`, to be killed with this process even mid-page:
 * by a watcher of this process's (parent-watch.ts), else by its own thread.
 */
function forkWatched(module: string | URL, limits: ChildLimits): { child: ChildProcess; watcherGone: Promise<void> } {
  const watched = canWatch();
  const child = fork(module, [], {
    execArgv: childFlags(limits),
    env: { ...childEnv(), ...(watched ? { [WATCH_ENV]: 'sh' } : {}) },
    serialization: 'advanced',
    stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
  });
  if (!watched || child.pid === undefined) return { child, watcherGone: Promise.resolve() };
  const watcher = watchChild(child.pid);
  child.once('exit', watcher.release);
  return { child, watcherGone: watcher.gone };
}

/** Forks `module` under `limits`; send it requests one at a time with `run`. */
export function startChild(module: string | URL, limits: ChildLimits): ChildSession {
  const { child, watcherGone } = forkWatched(module, limits);
  let current: Pending | null = null;
  let ended: ChildOutcome<never> | null = null;
  let stderr = '';
  const rssMb = limits.rssMb ?? limits.heapMb + 512;
  const end = (outcome: ChildOutcome<never>): void => {
    ended ??= outcome;
    stopRss();
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    current?.settle(outcome);
  };
  const stopRss = child.pid === undefined ? () => undefined
    : watchRss(child.pid, rssMb, () => end({ kind: 'over_memory', limitMb: rssMb, measured: 'rss' }));
  child.stderr?.setEncoding('utf8');
  child.stderr?.on('data', (s: string) => (stderr = (stderr + s).slice(-STDERR_TAIL)));
  child.on('error', (err) => end({ kind: 'no_start', message: `the child process failed: ${err.message}` }));
  // stderr may still hold the heap-limit report when 'exit' fires; 'close' waits for the streams.
  child.on('close', (code, signal) => end(classifyExit(code, signal, stderr, limits.heapMb)));
  // Its watcher too (parent-watch.ts): no process of this one's outlives a stop().
  const reaped = child.pid === undefined ? Promise.resolve()
    : Promise.all([new Promise<void>((resolve) => child.once('close', () => resolve())), watcherGone]).then(() => undefined);
  // Idle until the first request: neither the process nor its channel holds this one's event loop open.
  const hold = (busy: boolean): void => {
    for (const handle of [child, child.channel, child.stderr as { ref(): void; unref(): void } | null]) {
      if (busy) handle?.ref();
      else handle?.unref();
    }
  };
  hold(false);
  child.on('message', (m: unknown) => {
    if (current?.o.isAnswer(m)) return current.settle({ kind: 'answered', message: m });
    if (isStarted(m)) current?.started();
    current?.o.onMessage?.(m);
  });

  return {
    run<M>(request: unknown, o: RequestOptions<M>): Promise<ChildOutcome<M>> {
      if (ended) return Promise.resolve({ kind: 'no_start', message: 'the child process has ended' });
      if (o.signal?.aborted) return Promise.resolve({ kind: 'aborted', reason: o.signal.reason });
      return new Promise<ChildOutcome<M>>((resolve) => {
        const request_ = trackRequest(limits, o as RequestOptions<unknown>, end, (outcome) => {
          current = null;
          if (ended === null) hold(false);
          resolve(outcome as ChildOutcome<M>);
        });
        current = request_;
        hold(true);
        child.send(request as object, (err) => err && end({ kind: 'no_start', message: `could not reach the child: ${err.message}` }));
      });
    },
    alive: () => ended === null,
    close: () => end({ kind: 'aborted', reason: 'closed' }),
    async stop() {
      // Held until reaped: an idle child's handles do not keep the event loop alive, and the wait would be cut short.
      if (child.exitCode === null && child.signalCode === null) hold(true);
      end({ kind: 'aborted', reason: 'closed' });
      await reaped;
    },
  };
}

// The timers and abort listener of one request; `fail` ends the child, `done` settles the request once.
function trackRequest(
  limits: ChildLimits,
  o: RequestOptions<unknown>,
  fail: (outcome: ChildOutcome<never>) => void,
  done: (outcome: ChildOutcome<unknown>) => void,
): Pending {
  let settled = false;
  let timer = setTimeout(() => fail({ kind: 'no_start', message: 'the child process did not start in time' }), limits.startupMs ?? 60_000);
  const onAbort = () => fail({ kind: 'aborted', reason: o.signal?.reason });
  o.signal?.addEventListener('abort', onAbort, { once: true });
  return {
    o,
    started() {
      clearTimeout(timer);
      const limitMs = o.limitMs ?? limits.limitMs;
      timer = setTimeout(() => fail({ kind: 'over_time', limitMs }), limitMs);
    },
    settle(outcome) {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      o.signal?.removeEventListener('abort', onAbort);
      done(outcome);
    },
  };
}

/** One request to one fresh child, which is killed once the request settles. */
export async function runChild<M>(module: string | URL, request: unknown, limits: ChildLimits, o: RequestOptions<M>): Promise<ChildOutcome<M>> {
  const session = startChild(module, limits);
  try {
    return await session.run(request, o);
  } finally {
    session.close();
  }
}
