/**
 * Runs one conversion in a child process with hard limits (isolate/run-child.ts),
 * a warm one when the worker keeps them (isolate/warm-children.ts),
 * and says whose fault a failure was: the document's (it made the converter
 * exceed its time or memory limit, or crash) fails the job; anything else
 * (the converter was killed from outside, e.g. by the OOM killer, or could not
 * start) is worth a retry.
 */
import { fileURLToPath } from 'node:url';
import type { ConvertResult, OcrMode } from '../engine/index.ts';
import { childEntry } from '../isolate/child-bundle.ts';
import { runChild, type ChildOutcome, type RequestOptions } from '../isolate/run-child.ts';
import type { WarmChildren } from '../isolate/warm-children.ts';
import { isChildMessage, type ChildMessage, type ConvertRequest, type FidelityOptions } from './child-protocol.ts';

export type IsolatedOutcome =
  | { kind: 'done'; result: ConvertResult }
  /** The document's fault: an engine error code, or it made the child exceed a limit or crash. */
  | { kind: 'failed'; code: string; message: string }
  /** Not the document's fault (killed from outside, could not start); worth a retry. */
  | { kind: 'transient'; message: string }
  | { kind: 'aborted'; reason: unknown };

export type IsolatedRequest = {
  data: Uint8Array;
  ocr: OcrMode;
  /** Given to the engine, which then returns partial Markdown with truncated=true. */
  timeBudgetMs: number;
  maxPages: number;
  /** Fidelity options for the engine. */
  options?: FidelityOptions;
  /** Hard wall-clock limit from the child's `started` message; past it the child is killed. */
  limitMs: number;
  /** V8 heap limit; resident memory may reach this plus the runtime's baseline (see run-child.ts). */
  memoryMb: number;
  /** Resident memory limit; default memoryMb + 512. */
  rssMb?: number;
  /** Time allowed to start the child and load the engine. */
  startupMs?: number;
  signal?: AbortSignal;
  onProgress?: (p: { pagesDone: number; pagesTotal: number }) => void;
  /** The child's entry module; tests substitute misbehaving ones. Ignored with `children`, which know theirs. */
  childModule?: string;
  /**
   * Warm children to borrow one from (their limits are the worker's: memoryMb,
   * rssMb and startupMs are theirs, limitMs is this request's); without them,
   * a fresh child converts this one request.
   */
  children?: { pool: WarmChildren; tenant: string };
};

/** The conversion child's entry module. */
export const DEFAULT_CHILD = fileURLToPath(new URL('./convert-child.ts', import.meta.url));

/**
 * The conversion child's entry as one bundled module when it can be had
 * (isolate/child-bundle.ts: the child loads faster and runs about 3 % fewer
 * instructions), else DEFAULT_CHILD, saying why to `onSource`.
 */
export async function bundledChild(onSource?: (why: string) => void): Promise<string> {
  const entry = await childEntry(DEFAULT_CHILD);
  if (!entry.bundled) onSource?.(entry.reason ?? 'not bundled');
  return entry.module;
}

type Answer = Extract<ChildMessage, { type: 'done' | 'failed' }>;
const isAnswer = (m: unknown): m is Answer => isChildMessage(m) && (m.type === 'done' || m.type === 'failed');

/** Converts in a child process (a warm one, or a fresh one) and always settles with an outcome. */
export async function runIsolated(req: IsolatedRequest): Promise<IsolatedOutcome> {
  const request: ConvertRequest = {
    type: 'convert',
    data: req.data,
    ocr: req.ocr,
    timeBudgetMs: req.timeBudgetMs,
    maxPages: req.maxPages,
    ...(req.options ? { options: req.options } : {}),
  };
  const o: RequestOptions<Answer> = {
    isAnswer,
    onMessage: (m: unknown) => {
      if (isChildMessage(m) && m.type === 'progress') req.onProgress?.({ pagesDone: m.pagesDone, pagesTotal: m.pagesTotal });
    },
    limitMs: req.limitMs,
    ...(req.signal ? { signal: req.signal } : {}),
  };
  if (req.children) {
    const child = req.children.pool.acquire(req.children.tenant);
    const out = await child.session.run(request, o);
    // Only a child that converted cleanly stays warm; one that answered `failed` may have been left in any state.
    const done = out.kind === 'answered' && out.message.type === 'done';
    child.release({ reusable: done, ...(done && out.message.rssMb !== undefined ? { rssMb: out.message.rssMb } : {}) });
    return toIsolatedOutcome(out);
  }
  const limits = {
    heapMb: req.memoryMb,
    limitMs: req.limitMs,
    ...(req.rssMb ? { rssMb: req.rssMb } : {}),
    ...(req.startupMs ? { startupMs: req.startupMs } : {}),
  };
  return toIsolatedOutcome(await runChild(req.childModule ?? DEFAULT_CHILD, request, limits, o));
}

function toIsolatedOutcome(out: ChildOutcome<Answer>): IsolatedOutcome {
  switch (out.kind) {
    case 'answered':
      return out.message.type === 'done'
        ? { kind: 'done', result: out.message.result }
        : { kind: 'failed', code: out.message.code, message: out.message.message };
    case 'over_time':
      return { kind: 'failed', code: 'conversion_timeout', message: `stopped after ${out.limitMs} ms` };
    case 'over_memory':
      return { kind: 'failed', code: 'out_of_memory', message: `exceeded the ${out.limitMb} MB ${out.measured === 'heap' ? 'heap' : 'memory'} limit` };
    case 'crashed':
      return { kind: 'failed', code: 'conversion_crashed', message: `the conversion process ended with ${out.how} before answering` };
    case 'killed':
      return { kind: 'transient', message: `the conversion process was killed from outside (${out.signal}), not for this document` };
    case 'no_start':
      return { kind: 'transient', message: out.message };
    case 'aborted':
      return { kind: 'aborted', reason: out.reason };
  }
}
