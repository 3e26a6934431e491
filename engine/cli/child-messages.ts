/**
 * Messages between `p2m convert --jobs N` and a converter child, which
 * isolate/run-child.ts runs under memory and time limits, one file at a time.
 */
import type { FileOptions, FileOutcome, PageProgress } from './convert-file.ts';
import type { Task } from './plan.ts';

/** Parent → child: the next file to convert. */
export type FileRequest = { type: 'convert'; task: Task; opts: FileOptions };

/**
 * Child → parent: `started` once the engine is loaded, page progress, then the
 * outcome with the child's resident memory after it (MiB), by which the parent
 * retires a child that a long document left large.
 */
export type FileMessage = { type: 'started' } | ({ type: 'progress' } & PageProgress) | { type: 'outcome'; outcome: FileOutcome; rssMb?: number };

/** The outcome message, carrying this process's resident memory now. */
export const outcomeMessage = (outcome: FileOutcome): FileMessage => ({ type: 'outcome', outcome, rssMb: process.memoryUsage().rss / 2 ** 20 });

/** True for the child's final message. */
export const isOutcome = (m: unknown): m is Extract<FileMessage, { type: 'outcome' }> =>
  typeof m === 'object' && m !== null && (m as { type?: unknown }).type === 'outcome';

/** True for a page progress message. */
export const isProgress = (m: unknown): m is Extract<FileMessage, { type: 'progress' }> =>
  typeof m === 'object' && m !== null && (m as { type?: unknown }).type === 'progress';
