/**
 * Messages between a worker and its conversion child process (IPC with
 * 'advanced' serialization, so bytes travel as Uint8Array without base64).
 */
import type { ConvertOptions, ConvertResult, OcrMode } from '../engine/index.ts';

/** The fidelity options a request carries to the engine (issue 24). */
export type FidelityOptions = Pick<ConvertOptions, 'pageMarkers' | 'images' | 'furniture' | 'tablesAcrossPages' | 'hiddenText'>;

/** Worker → child: one conversion; a warm child serves several in turn (isolate/warm-children.ts). */
export type ConvertRequest = {
  type: 'convert';
  data: Uint8Array;
  ocr: OcrMode;
  timeBudgetMs: number;
  /** Converts at most this many pages (config.maxPages). */
  maxPages: number;
  /** Page markers, images, furniture, tables across pages, hidden text; absent: the engine's defaults. */
  options?: FidelityOptions;
};

/** Child → worker. `started` marks when the wall-clock limit begins: loading the engine does not count. */
export type ChildMessage =
  | { type: 'started' }
  | { type: 'progress'; pagesDone: number; pagesTotal: number }
  /** `rssMb`: the child's resident memory after the request, which decides whether it stays warm. */
  | { type: 'done'; result: ConvertResult; rssMb?: number }
  | { type: 'failed'; code: string; message: string; rssMb?: number };

/** Narrows an IPC message; a child is trusted code, but a malformed message must not crash the worker. */
export function isChildMessage(m: unknown): m is ChildMessage {
  if (typeof m !== 'object' || m === null || !('type' in m)) return false;
  return ['started', 'progress', 'done', 'failed'].includes(String(m.type));
}
