/**
 * Diagnostics only: a listener told which runs each table cell's spans were
 * made from (bench/tables-gen/collapsed-rows.ts reads a cell's lines back
 * from them). No listener is set in a conversion; the call is then a no-op.
 */
import type { Span, TextRun } from '../model.ts';

type Listener = (spans: readonly Span[], runs: readonly TextRun[]) => void;

let listener: Listener | null = null;

/** Sets (or, with null, clears) the listener told of every cell made. */
export function traceCells(fn: Listener | null): void {
  listener = fn;
}

/** Tells the listener, if any, that `spans` were made from `runs`. */
export function noteCell(spans: readonly Span[], runs: readonly TextRun[]): void {
  listener?.(spans, runs);
}
