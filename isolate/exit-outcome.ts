/**
 * Why a child process ended without answering: its input's fault (it crashed
 * or outgrew its heap) or not (something else killed it).
 */

/** How a child ended without answering; see {@link classifyExit}. */
export type ExitOutcome =
  /** V8 reached the heap limit: the input needs more memory than allowed. */
  | { kind: 'over_memory'; limitMb: number; measured: 'heap' | 'rss' }
  /** It ended by itself: a non-zero exit or a fault signal raised by its own code. */
  | { kind: 'crashed'; how: string }
  /** A signal it did not raise itself (the OOM killer's SIGKILL, an operator's SIGTERM). */
  | { kind: 'killed'; signal: NodeJS.Signals };

// Signals a process raises on itself when its own code faults (V8's fatal
// errors abort or trap). Any other signal came from outside.
const FAULT_SIGNALS: ReadonlySet<string> = new Set(['SIGSEGV', 'SIGBUS', 'SIGILL', 'SIGFPE', 'SIGABRT', 'SIGTRAP', 'SIGSYS']);

const HEAP_LIMIT = /heap out of memory|Reached heap limit|Allocation failed/i;

/** Classifies an exit the runner did not cause, from its code, signal and the tail of its stderr. */
export function classifyExit(code: number | null, signal: NodeJS.Signals | null, stderr: string, heapMb: number): ExitOutcome {
  if (HEAP_LIMIT.test(stderr)) return { kind: 'over_memory', limitMb: heapMb, measured: 'heap' };
  if (signal !== null && !FAULT_SIGNALS.has(signal)) return { kind: 'killed', signal };
  return { kind: 'crashed', how: signal ? `signal ${signal}` : `exit code ${code}` };
}
