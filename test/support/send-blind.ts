/**
 * A client that writes its whole request before reading anything: the way
 * a slow or naive uploader meets an early refusal (413 before the body was
 * read). The server must read on within its drain budget so the client can
 * finish writing and then read the answer; a connection cut before that
 * fails the client's next write (EPIPE, ECONNRESET) and the answer with it.
 */
import { connect } from 'node:net';

export type BlindReply = { answer: string; writeError: string | null };

/** Sends `head` (request line and headers, CRLF-terminated) and `bodyBytes` of filler, then reads to the end. */
export function sendBlind(base: string, head: string, bodyBytes: number, chunkBytes = 64 * 1024): Promise<BlindReply> {
  const { hostname, port } = new URL(base);
  const chunk = Buffer.alloc(chunkBytes, 0x20);
  return new Promise((resolve) => {
    const socket = connect(Number(port), hostname);
    let answer = '';
    let writeError: string | null = null;
    socket.setEncoding('latin1');
    socket.on('data', (d: string) => (answer += d));
    socket.on('error', (err: NodeJS.ErrnoException) => (writeError = err.code ?? err.message));
    socket.on('close', () => resolve({ answer, writeError }));
    socket.once('connect', async () => {
      socket.write(head);
      for (let left = bodyBytes; left > 0 && !socket.destroyed; left -= chunkBytes) {
        const piece = left >= chunkBytes ? chunk : chunk.subarray(0, left);
        if (!socket.write(piece)) await new Promise((r) => socket.once('drain', r).once('close', r));
      }
      socket.end();
    });
  });
}
