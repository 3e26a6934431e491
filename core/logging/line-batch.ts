/**
 * Log lines gathered for one turn of the event loop and handed on as one
 * write. Under load a turn serves many requests, each logging a line; pino's
 * stream (sonic-boom) measures its whole pending buffer on every write, so
 * line-by-line writes cost more the busier the server is. Lines still leave
 * within the turn that logged them, and at exit.
 */
import type { DestinationStream } from 'pino';

/** What the gathered lines are written to: pino's destination stream. */
export type LineSink = { write(chunk: string): unknown; flushSync?(): void };

// A turn that logs more than this hands it on at once rather than holding it.
const MAX_PENDING_CHARS = 64 * 1024;

/** A pino destination that batches lines per event-loop turn into `sink`. */
export function lineBatch(sink: LineSink): DestinationStream & { flush(): void } {
  let pending = '';
  let scheduled = false;
  const flush = () => {
    scheduled = false;
    if (pending === '') return;
    const chunk = pending;
    pending = '';
    sink.write(chunk);
  };
  // Lines of the last turn (a fatal error just before process.exit) must not be lost.
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
      if (pending.length >= MAX_PENDING_CHARS) flush();
      else if (!scheduled) {
        scheduled = true;
        setImmediate(flush);
      }
    },
    flush,
  };
}
