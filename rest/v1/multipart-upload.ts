/**
 * A signed multipart upload, streamed: the raw request bytes are hashed as
 * they pass into busboy, and the `file` part is handed on as a stream. That
 * stream ends only after the whole request has arrived and its SHA-256 equals
 * the signed X-P2M-Content-SHA256; otherwise it errors, so the blob store
 * drops what it wrote and core creates no job.
 */
import { createHash } from 'node:crypto';
import type { Readable } from 'node:stream';
import busboy from 'busboy';
import type { Request } from 'express';
import { DomainError } from '../../core/errors.ts';

export type VerifiedUpload = {
  fileName: string;
  /** The file bytes; errors at the end when the request body does not match the signed hash. */
  body: AsyncIterable<Uint8Array>;
};

export type UploadSession = {
  /** Resolves when the `file` part begins. */
  upload: Promise<VerifiedUpload>;
  /** Stops parsing and drains what is left of the request (bounded), so an early answer reaches the client. */
  discard(): void;
};

/** Room for the multipart framing around the file within the byte cap. */
const FRAMING_BYTES = 64 * 1024;

export function openVerifiedUpload(req: Request, expectedSha256: string, maxFileBytes: number): UploadSession {
  const hash = createHash('sha256');
  const maxRaw = maxFileBytes + FRAMING_BYTES;
  let size = 0;
  let discarding = false;
  const bb = busboy({ headers: req.headers, defParamCharset: 'utf8', limits: { files: 1, fields: 20, parts: 30 } });
  const rawDone = new Promise<string>((resolve, reject) => {
    req.on('end', () => resolve(hash.digest('hex')));
    req.on('error', reject);
  });
  rawDone.catch(() => undefined);
  let fileStream: Readable | null = null;

  req.on('data', (chunk: Buffer) => {
    size += chunk.length;
    if (discarding) {
      // Draining after an early answer: a client that keeps sending far past the cap is cut off.
      if (size > 2 * maxRaw) req.destroy();
      return;
    }
    hash.update(chunk);
    if (size > maxRaw) {
      fileStream?.destroy(new DomainError('too_large', `The file is larger than the limit of ${maxFileBytes} bytes.`));
      discard();
    }
  });

  function discard() {
    if (discarding) return;
    discarding = true;
    req.unpipe(bb);
    bb.removeAllListeners();
    bb.on('error', () => undefined);
    fileStream?.resume();
    req.resume();
  }

  const upload = new Promise<VerifiedUpload>((resolve, reject) => {
    bb.on('file', (field, stream, info) => {
      if (field !== 'file' || fileStream) return void stream.resume();
      fileStream = stream;
      resolve({ fileName: info.filename || 'document.pdf', body: verified(stream, rawDone, expectedSha256) });
    });
    bb.on('error', (err) => {
      const bad = new DomainError('bad_input', 'The multipart body is malformed.', { cause: err });
      fileStream?.destroy(bad);
      reject(bad);
    });
    bb.on('close', () => reject(new DomainError('bad_input', 'Send the PDF as a multipart part named "file".')));
  });
  upload.catch(() => undefined);
  req.pipe(bb);
  return { upload, discard };
}

async function* verified(stream: Readable, rawDone: Promise<string>, expected: string): AsyncIterable<Uint8Array> {
  for await (const chunk of stream) yield chunk as Uint8Array;
  if ((await rawDone) !== expected) {
    throw new DomainError('unauthenticated', 'The body does not match X-P2M-Content-SHA256; nothing was stored.');
  }
}
