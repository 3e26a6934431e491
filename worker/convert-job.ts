/**
 * Turns a claimed job into a Conversion: reads its input, runs the engine in
 * an isolated child with the job's limits, and classifies what happened.
 * Nothing here writes to the database; settle-job.ts does, fenced.
 */
import { toJobErrorCode, type JobErrorCode } from '../core/jobs/job-error-code.ts';
import type { Runtime } from '../core/runtime.ts';
import { engineOptions } from '../core/jobs/job-options.ts';
import type { ConvertResult, OcrMode, OcrPage } from '../engine/index.ts';
import { errorMessage, timeoutMessage } from './error-messages.ts';
import { runIsolated } from './run-isolated.ts';
import type { WarmChildren } from '../isolate/warm-children.ts';
import type { ClaimedJob } from './sql/claim-jobs.ts';

export type WorkerDeps = Pick<Runtime, 'db' | 'blobs' | 'config' | 'log' | 'wake' | 'jobChanged'>;

export type Conversion =
  | ({ kind: 'converted'; markdown: string; pages: number; pagesDone: number; truncated: boolean; ocrPages?: OcrPage[] } & EngineExtras)
  /** Deterministic for this document: retrying would fail the same way. */
  | { kind: 'failed'; code: JobErrorCode; message: string }
  /** Not the document's fault; the job may be retried. */
  | { kind: 'transient'; message: string }
  /** The lease was lost (canceled, or reaped and re-claimed): the result must be discarded. */
  | { kind: 'lost' }
  /** The worker is shutting down: hand the job back. */
  | { kind: 'abandoned' };

/** What the engine gives besides the Markdown under the fidelity options: pictures, hidden text removed, structure path. */
export type EngineExtras = Pick<ConvertResult, 'images' | 'hiddenText' | 'structure'>;

/** Abort reasons a worker uses. */
export const SHUTDOWN = 'shutdown';
export const LEASE_LOST = 'lease_lost';

/** Time past the engine's own budget before the child is killed: one slow page may overrun it. */
export const DEFAULT_GRACE_MS = 30_000;

export type ConvertJobOptions = {
  signal?: AbortSignal;
  onProgress?: (p: { pagesDone: number; pagesTotal: number }) => void;
  graceMs?: number;
  childModule?: string;
  /** The worker's warm children; without them each job gets a fresh child. */
  children?: WarmChildren;
};

const OCR: Record<ClaimedJob['converter'], OcrMode> = { auto: 'auto', text: 'off', ocr: 'force' };

/** Converts a claimed job's input in a child process and classifies the outcome. */
export async function convertJob(
  deps: WorkerDeps,
  job: ClaimedJob,
  opts: ConvertJobOptions = {},
): Promise<Conversion> {
  const missing = { kind: 'failed', code: 'input_missing', message: errorMessage('input_missing') } as const;
  if (!job.inputKey) return missing;
  let data: Buffer | null;
  try {
    data = await deps.blobs.read(job.inputKey);
  } catch (err) {
    return {
      kind: 'transient',
      message: `could not read the input: ${err instanceof Error ? err.message : String(err)}`,
    };
  }
  if (!data) return missing;
  const out = await runIsolated({
    data: new Uint8Array(data.buffer, data.byteOffset, data.byteLength),
    ocr: OCR[job.converter],
    timeBudgetMs: job.timeBudgetMs,
    maxPages: deps.config.maxPages,
    options: engineOptions(job.options),
    limitMs: job.timeBudgetMs + (opts.graceMs ?? DEFAULT_GRACE_MS),
    memoryMb: deps.config.convertMemoryMb,
    ...(opts.signal ? { signal: opts.signal } : {}),
    ...(opts.onProgress ? { onProgress: opts.onProgress } : {}),
    ...(opts.childModule ? { childModule: opts.childModule } : {}),
    ...(opts.children ? { children: { pool: opts.children, tenant: job.tenant } } : {}),
  });
  switch (out.kind) {
    case 'done': {
      const { markdown, pages, pagesDone, truncated, ocrPages, images, hiddenText, structure } = out.result;
      const extras: EngineExtras = { ...(images ? { images } : {}), ...(hiddenText ? { hiddenText } : {}), ...(structure ? { structure } : {}) };
      if (truncated && job.onBudget === 'fail') {
        return { kind: 'failed', code: 'timeout', message: timeoutMessage(job.timeBudgetMs) };
      }
      // Past config.maxPages the engine converted only the first pages: say so rather than fail.
      return { kind: 'converted', markdown, pages, pagesDone, truncated: truncated || pagesDone < pages, ocrPages, ...extras };
    }
    case 'failed': {
      // The child's code crosses a process boundary: only members of the closed set reach the row.
      const code = toJobErrorCode(out.code);
      if (code !== out.code) deps.log.warn({ jobId: job.id, code: out.code }, 'error code outside core/jobs/job-error-code.ts; stored as engine_failure');
      return { kind: 'failed', code, message: errorMessage(code, out.message) };
    }
    case 'transient':
      return out;
    case 'aborted':
      return out.reason === SHUTDOWN ? { kind: 'abandoned' } : { kind: 'lost' };
  }
}
