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
    (async function* () {
      yield Buffer.from(head);
      while (sent < chunks) {
        sent++;
        yield chunk;
        // A turn of the event loop per chunk, so the answer is read as it comes and `sent` counts what went out
        // before it. (A client that writes blind is send-blind.ts's.)
        await new Promise((resolve) => setImmediate(resolve));
      }
    })(),
  );
  return new Promise((resolve, reject) => {
    const req = request(url, { method: 'POST', headers: { 'transfer-encoding': 'chunked', ...headers } });
    let answered = false;
    req.on('response', (res) => {
      answered = true;
      body.unpipe(req);
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (d: string) => (text += d));
      // 'end' normally; 'close' alone when the server drops the connection after its answer.
      res.once('close', () => {
        body.destroy();
        req.destroy();
        resolve({ status: res.statusCode ?? 0, text, sent, chunkBytes });
      });
    });
    // After the answer a dropped connection is expected; before it, the answer was lost: fail, never wait.
    req.on('error', (err) => (answered ? undefined : reject(err)));
    body.pipe(req);
  });
}
