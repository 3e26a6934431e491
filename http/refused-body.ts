/**
 * A body refused before it was read (over the cap, slots full) is drained for
 * a bounded while after the answer, so a client still sending reads the
 * answer instead of a reset connection.
 *
 * Closing at once (`Connection: close`) loses the answer: Linux resets a
 * connection closed with unread data in it, and a client whose next write
 * meets that reset (EPIPE) drops what it had not parsed yet, the 413
 * included. The same holds for curl and browsers; nginx calls its remedy
 * "lingering close". Here the rest of the body is read and discarded, up to
 * `bytes` more or for `ms`, whichever ends first, then the connection is
 * dropped. A client that stops sending within that keeps its connection.
 * Every reader that gives up on a body early (the error handler, the
 * multipart reader's discard) calls this one drain with the one configured
 * budget; a second call for the same request does nothing.
 */
import type { Request } from 'express';

export type RefusedBodyDrain = {
  /** Most bytes of a refused body read after the answer. */
  bytes: number;
  /** Longest time a refused body is read after the answer. */
  ms: number;
};

/** Requests whose rest is being drained already. */
const draining = new WeakSet<Request>();

/**
 * Drains `req`'s unread body within `limits`, called before the refusal is
 * written (or after an answer that did not need the body). The connection
 * drops when the limits are used up, or when the request is destroyed before
 * its end (nothing reads the rest then).
 */
export function drainRefusedBody(req: Request, limits: RefusedBodyDrain): void {
  // Already destroyed (a parser gave up on it): nothing can read the rest, so close after the answer.
  if (req.destroyed) return void (req.res?.headersSent === false && req.res.setHeader('Connection', 'close'));
  if (draining.has(req)) return;
  draining.add(req);
  let seen = 0;
  const drop = () => {
    clearTimeout(timer);
    req.socket.destroy();
  };
  const timer = setTimeout(drop, limits.ms);
  timer.unref();
  req.on('data', (chunk: Buffer) => {
    seen += chunk.length;
    if (seen > limits.bytes) drop();
  });
  req.once('close', () => (req.complete ? clearTimeout(timer) : drop()));
  req.resume();
}
