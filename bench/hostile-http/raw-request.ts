/**
 * Requests fetch() will not send: malformed framing, bodies streamed without
 * end, bodies far over every cap. Written to a raw socket; the answer is the
 * status line's code, or 0 when the server closed the connection first (a
 * refusal too). Every request has a deadline, so a hang is a result, not a
 * stuck benchmark.
 */
import { connect } from 'node:net';

export type RawResult = { status: number; ms: number };

/** Sends head, then body chunks from `body` until the server answers or the deadline passes. */
export function rawRequest(
  port: number,
  head: string,
  body: Iterable<Buffer> = [],
  deadlineMs = 20_000,
): Promise<RawResult> {
  const started = performance.now();
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    let answer = '';
    let done = false;
    const finish = (status: number) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      socket.destroy();
      resolve({ status, ms: Math.round(performance.now() - started) });
    };
    const timer = setTimeout(() => finish(-1), deadlineMs);
    socket.on('data', (d) => {
      answer += d.toString('latin1');
      const m = /^HTTP\/1\.[01] (\d{3})/.exec(answer);
      if (m) finish(Number(m[1]));
    });
    socket.on('error', () => finish(0));
    socket.on('close', () => finish(0));
    socket.on('connect', async () => {
      socket.write(head);
      for (const chunk of body) {
        if (done) return;
        if (!socket.write(chunk)) await new Promise((r) => socket.once('drain', r));
      }
    });
  });
}

/** `n` chunks of `size` bytes of `fill`, made lazily. */
export function* repeated(n: number, size: number, fill = 0x41): Generator<Buffer> {
  const chunk = Buffer.alloc(size, fill);
  for (let i = 0; i < n; i++) yield chunk;
}
