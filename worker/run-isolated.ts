/**
 * Runs one conversion in a child process with hard limits: V8 heap size
 * (--max-old-space-size), a wall-clock limit enforced with SIGKILL, and an
 * abort signal (lease lost, shutdown). Whatever the child does — loop,
 * exhaust memory, crash — the worker gets an outcome, never an exception.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { ConvertResult, OcrMode } from '../engine/index.ts';
import { isChildMessage, type ChildMessage, type ConvertRequest } from './child-protocol.ts';

export type IsolatedOutcome =
  | { kind: 'done'; result: ConvertResult }
  /** The document's fault: an engine error code, or the child was killed for it. */
  | { kind: 'failed'; code: string; message: string }
  /** Not the document's fault (the child could not start); worth a retry. */
  | { kind: 'transient'; message: string }
  | { kind: 'aborted'; reason: unknown };

export type IsolatedRequest = {
  data: Uint8Array;
  ocr: OcrMode;
  /** Given to the engine, which then returns partial Markdown with truncated=true. */
  timeBudgetMs: number;
  maxPages: number;
  /** Hard wall-clock limit from the child's `started` message; past it the child is killed. */
  limitMs: number;
  memoryMb: number;
  /** Time allowed to start the child and load the engine. */
  startupMs?: number;
  signal?: AbortSignal;
  onProgress?: (p: { pagesDone: number; pagesTotal: number }) => void;
  /** The child's entry module; tests substitute misbehaving ones. */
  childModule?: string;
};

const DEFAULT_CHILD = fileURLToPath(new URL('./convert-child.ts', import.meta.url));
const STDERR_TAIL = 8192;

/** Converts in a fresh child process and always settles with an outcome. */
export function runIsolated(req: IsolatedRequest): Promise<IsolatedOutcome> {
  if (req.signal?.aborted) return Promise.resolve({ kind: 'aborted', reason: req.signal.reason });
  return new Promise((resolve) => {
    const child = fork(req.childModule ?? DEFAULT_CHILD, [], {
      execArgv: [`--max-old-space-size=${req.memoryMb}`],
      serialization: 'advanced',
      stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
    });
    const watch = watchChild(child, req, resolve);
    child.on('message', (m: unknown) => isChildMessage(m) && watch.onMessage(m));
    const message: ConvertRequest = {
      type: 'convert',
      data: req.data,
      ocr: req.ocr,
      timeBudgetMs: req.timeBudgetMs,
      maxPages: req.maxPages,
    };
    child.send(
      message,
      (err) =>
        err && watch.settle({ kind: 'transient', message: `could not reach the child: ${err.message}` }),
    );
  });
}

/** Timers, abort and exit handling of one child; the first outcome wins and kills the child. */
function watchChild(child: ChildProcess, req: IsolatedRequest, resolve: (o: IsolatedOutcome) => void) {
  let settled = false;
  let stderr = '';
  let timer = setTimeout(
    () => settle({ kind: 'transient', message: 'the conversion process did not start in time' }),
    req.startupMs ?? 60_000,
  );
  const onAbort = () => settle({ kind: 'aborted', reason: req.signal?.reason });
  req.signal?.addEventListener('abort', onAbort, { once: true });
  child.stderr?.setEncoding('utf8');
  child.stderr?.on('data', (s: string) => (stderr = (stderr + s).slice(-STDERR_TAIL)));
  child.on('error', (err) =>
    settle({ kind: 'transient', message: `conversion process failed: ${err.message}` }),
  );
  // stderr may still hold the heap-limit report when 'exit' fires; 'close' waits for the streams.
  child.on('close', (code, signal) => settle(exitOutcome(code, signal, stderr, req.memoryMb)));

  function settle(outcome: IsolatedOutcome) {
    if (settled) return;
    settled = true;
    clearTimeout(timer);
    req.signal?.removeEventListener('abort', onAbort);
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    resolve(outcome);
  }

  function onMessage(m: ChildMessage) {
    if (m.type === 'started') {
      clearTimeout(timer);
      timer = setTimeout(
        () =>
          settle({ kind: 'failed', code: 'conversion_timeout', message: `stopped after ${req.limitMs} ms` }),
        req.limitMs,
      );
    } else if (m.type === 'progress') {
      req.onProgress?.({ pagesDone: m.pagesDone, pagesTotal: m.pagesTotal });
    } else if (m.type === 'done') {
      settle({ kind: 'done', result: m.result });
    } else {
      settle({ kind: 'failed', code: m.code, message: m.message });
    }
  }
  return { settle, onMessage };
}

function exitOutcome(
  code: number | null,
  signal: NodeJS.Signals | null,
  stderr: string,
  memoryMb: number,
): IsolatedOutcome {
  if (/heap out of memory|Reached heap limit|Allocation failed/i.test(stderr)) {
    return { kind: 'failed', code: 'out_of_memory', message: `exceeded the ${memoryMb} MB memory limit` };
  }
  const how = signal ? `signal ${signal}` : `exit code ${code}`;
  return {
    kind: 'failed',
    code: 'conversion_crashed',
    message: `the conversion process ended with ${how} before answering`,
  };
}
