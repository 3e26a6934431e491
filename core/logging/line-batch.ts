/**
 * Log lines gathered and handed on in chunks. Each write to the log file
 * costs the event loop several microseconds whatever its size (measured:
 * ~7 µs for one 250-byte request line, ~0.3 µs a line in writes of 64), and
 * pino's stream (sonic-boom) also measures its whole pending buffer on every
 * write. So lines go on when a chunk is full, or a moment after the first of
 * them was logged, and at exit.
 */
import type { DestinationStream } from 'pino';

/** What the gathered lines are written to: pino's destination stream. */
export type LineSink = { write(chunk: string): unknown; flushSync?(): void };

/** A chunk: sonic-boom's largest single write. */
export const CHUNK_CHARS = 16 * 1024;
/** The longest a line waits for others before it is written. */
export const LINGER_MS = 50;

/** A pino destination that hands lines to `sink` in chunks (see above). */
export function lineBatch(sink: LineSink): DestinationStream & { flush(): void } {
  let pending = '';
  let timer: NodeJS.Timeout | null = null;
  const flush = () => {
    if (timer) clearTimeout(timer);
    timer = null;
    if (pending === '') return;
    const chunk = pending;
    pending = '';
    sink.write(chunk);
  };
  // Lines logged just before an exit (a fatal error, then process.exit) must not be lost.
  process.once('exit', () => {
    flush();
    try {
      sink.flushSync?.();
    } catch {
      // The stream may already be closed by pino's own exit handler, which flushed it.
    }
  });
  return {
    write(line: string) {
      pending += line;
      if (pending.length >= CHUNK_CHARS) flush();
      // Unref'd: a waiting log line does not keep the process alive; the exit handler writes it.
      else timer ??= setTimeout(flush, LINGER_MS).unref();
    },
    flush,
  };
}
