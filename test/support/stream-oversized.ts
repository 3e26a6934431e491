/**
 * Streams a request body far larger than any cap (`head`, then up to
 * `chunks` chunks of filler) and stops sending as soon as the server answers.
 * Tests use `sent` to show the server refused while the body was still
 * arriving, instead of reading (or buffering) all of it first.
 */
import { request } from 'node:http';
import { Readable } from 'node:stream';

export type StreamedReply = { status: number; text: string; sent: number; chunkBytes: number };

export function streamOversized(
  url: string,
  headers: Record<string, string>,
  head: string,
  chunks: number,
  chunkBytes = 64 * 1024,
): Promise<StreamedReply> {
  let sent = 0;
  const chunk = Buffer.alloc(chunkBytes, 0x20);
  const body = Readable.from(
    (function* () {
      yield Buffer.from(head);
      while (sent < chunks) {
        sent++;
        yield chunk;
      }
    })(),
  );
  return new Promise((resolve, reject) => {
    const req = request(url, { method: 'POST', headers: { 'transfer-encoding': 'chunked', ...headers } });
    req.on('response', (res) => {
      body.unpipe(req);
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (d: string) => (text += d));
      res.on('end', () => {
        body.destroy();
        req.destroy();
        resolve({ status: res.statusCode ?? 0, text, sent, chunkBytes });
      });
    });
    // Once sending has begun, a reset after the answer is expected; before it, a real failure.
    req.on('error', (err) => (sent > 0 ? undefined : reject(err)));
    body.pipe(req);
  });
}
