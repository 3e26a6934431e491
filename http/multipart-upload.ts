/**
 * The one multipart/form-data reader of every lane. Metadata fields come
 * first; the `file` part is handed on as a live stream the moment its headers
 * arrive, so nothing is buffered and core streams it into storage under the
 * tier's byte cap. The file stream ends only once the whole body is parsed,
 * so the job is created after the body is read: a field sent after the file
 * part (`curl -F file=@x.pdf -F callback_url=…`) errors the stream with 400
 * naming the field, and no job is made — never dropped in silence. The raw request is bounded too (file cap plus framing), so
 * a body with no boundary in it cannot be read forever. For signed uploads
 * the raw bytes are hashed on the way in, and the file stream ends only after
 * the whole request matched the signed SHA-256; otherwise it errors, the blob
 * store drops what it wrote and no job is created.
 */
import { createHash } from 'node:crypto';
import type { Readable } from 'node:stream';
import busboy from 'busboy';
import type { Request } from 'express';
import { DomainError, isDomainError } from '../core/errors.ts';
import { drainRefusedBody, type RefusedBodyDrain } from './refused-body.ts';

/** Name of the multipart part that carries the PDF. */
export const FILE_PART = 'file';
const REPEATABLE = new Set(['tags']);
/** Room for the fields and framing around the file within the raw-body bound. */
const FRAMING_BYTES = 256 * 1024;

export type UploadOptions = {
  maxFileBytes: number;
  /** The signed X-P2M-Content-SHA256 the raw body must match (device lane), if any. */
  expectedSha256?: string | null;
  /** How much of the rest is read after an early answer (the configured refused-body drain). */
  drain: RefusedBodyDrain;
};

export type MultipartUpload = {
  /** Fields read before the file part (a field after it fails the upload with 400 naming it). */
  fields: Record<string, string | string[]>;
  /** The filename of the file part's Content-Disposition, if any. */
  fileName: string | undefined;
  body: AsyncIterable<Uint8Array>;
};

export type UploadSession = {
  /** Resolves when the `file` part begins; rejects (bad_input, too_large) before it. */
  upload: Promise<MultipartUpload>;
  /** Stops parsing and drains what is left within the drain budget, so an early answer reaches the client. */
  discard(): void;
};

type Parse = {
  opts: UploadOptions;
  fields: Record<string, string | string[]>;
  file: Readable | null;
  resolve(u: MultipartUpload): void;
  fail(err: DomainError): void;
  rawDone: Promise<string | null>;
  /** Settles when the whole body is parsed: resolved at busboy's close, rejected by fail(). */
  parsed: Promise<void>;
  parsedDone(): void;
};

export function openMultipartUpload(req: Request, opts: UploadOptions): UploadSession {
  const maxRaw = opts.maxFileBytes + FRAMING_BYTES;
  const hash = opts.expectedSha256 ? createHash('sha256') : null;
  let size = 0;
  let discarding = false;
  let settle: { resolve(u: MultipartUpload): void; reject(e: unknown): void } = { resolve: () => undefined, reject: () => undefined };
  const upload = new Promise<MultipartUpload>((resolve, reject) => (settle = { resolve, reject }));
  upload.catch(() => undefined);
  const rawDone = new Promise<string | null>((resolve, reject) => {
    req.on('end', () => resolve(hash?.digest('hex') ?? null));
    req.on('error', reject);
  });
  rawDone.catch(() => undefined);
  let bb: busboy.Busboy;
  try {
    bb = busboy({ headers: req.headers, defParamCharset: 'utf8', limits: { files: 1, fields: 20, fieldSize: 8 * 1024, parts: 22 } });
  } catch (err) {
    settle.reject(new DomainError('bad_input', `Bad multipart request: ${(err as Error).message}`));
    return { upload, discard: () => drainRefusedBody(req, opts.drain) };
  }
  const discard = () => {
    if (discarding) return;
    discarding = true;
    req.unpipe(bb);
    bb.removeAllListeners();
    bb.on('error', () => undefined);
    parse.file?.resume();
    drainRefusedBody(req, opts.drain);
  };
  const parsed = deferred();
  const parse: Parse = {
    opts,
    fields: {},
    file: null,
    rawDone,
    parsed: parsed.promise,
    parsedDone: parsed.resolve,
    resolve: (u) => settle.resolve(u),
    // Before the file part a problem rejects the upload; after it, it errors the file stream so core's read fails.
    fail(err) {
      if (parse.file) parse.file.destroy(err);
      else settle.reject(err);
      parsed.reject(err);
      discard();
    },
  };
  req.on('data', (chunk: Buffer) => {
    // Draining after an early answer is refused-body.ts's, within its budget.
    if (discarding) return;
    size += chunk.length;
    hash?.update(chunk);
    if (size > maxRaw) parse.fail(new DomainError('too_large', `The file is larger than the limit of ${opts.maxFileBytes} bytes.`));
  });
  req.once('close', () => {
    if (!req.complete && !discarding) parse.fail(new DomainError('bad_input', 'The upload was interrupted.'));
  });
  listenToParts(bb, parse);
  req.pipe(bb);
  return { upload, discard };
}

function listenToParts(bb: busboy.Busboy, p: Parse): void {
  bb.on('field', (name, value, info) => {
    if (p.file) {
      return p.fail(new DomainError('bad_input', `The field ${safeName(name)} came after the file part and would be lost; send every field before "${FILE_PART}" (curl: put -F ${safeName(name)}=… before -F ${FILE_PART}=@…). No job was created.`));
    }
    if (info.valueTruncated) return p.fail(new DomainError('bad_input', `The field ${name} is too long.`));
    if (REPEATABLE.has(name)) p.fields[name] = [...((p.fields[name] as string[] | undefined) ?? []), value];
    else if (name in p.fields) p.fail(new DomainError('bad_input', `The field ${name} is given twice.`));
    else p.fields[name] = value;
  });
  bb.on('file', (name, stream, info) => {
    // busboy errors the part stream itself on a truncated body: never let that be an unhandled 'error'.
    stream.on('error', () => undefined);
    if (name !== FILE_PART || p.file) {
      stream.resume();
      return p.fail(new DomainError('bad_input', `Unexpected file part "${name}"; send the PDF as the one part named "${FILE_PART}".`));
    }
    p.file = stream;
    const expected = p.opts.expectedSha256;
    const body = guarded(stream, p.parsed);
    p.resolve({ fields: p.fields, fileName: info.filename || undefined, body: expected ? verified(body, p.rawDone, expected) : body });
  });
  bb.on('fieldsLimit', () => p.fail(new DomainError('bad_input', 'Too many form fields.')));
  bb.on('partsLimit', () => p.fail(new DomainError('bad_input', 'Too many form parts.')));
  bb.on('error', (err: Error) => p.fail(new DomainError('bad_input', `The multipart body is malformed: ${err.message}`)));
  bb.on('close', () => {
    if (!p.file) p.fail(new DomainError('bad_input', `The multipart body has no "${FILE_PART}" part.`));
    else p.parsedDone();
  });
}

/** A promise settled from outside; a rejection nobody awaits is not unhandled. */
function deferred() {
  let resolve = (): void => undefined;
  let reject: (err: DomainError) => void = () => undefined;
  const promise = new Promise<void>((res, rej) => ((resolve = res), (reject = rej)));
  promise.catch(() => undefined);
  return { promise, resolve: () => resolve(), reject: (err: DomainError) => reject(err) };
}

/** A field name for a message: printable, short. */
const safeName = (name: string) => name.replace(/[^\x21-\x7e]/g, '?').slice(0, 64);

/**
 * The file part's bytes, ending only when the rest of the body is parsed too
 * (a trailing field fails it); busboy's own errors (a body cut short) are the
 * client's input errors.
 */
async function* guarded(stream: Readable, parsed: Promise<void>): AsyncIterable<Uint8Array> {
  try {
    for await (const chunk of stream) yield chunk as Uint8Array;
    await parsed;
  } catch (err) {
    if (isDomainError(err)) throw err;
    throw new DomainError('bad_input', `The multipart body is malformed: ${(err as Error).message}`, { cause: err });
  }
}

async function* verified(stream: AsyncIterable<Uint8Array>, rawDone: Promise<string | null>, expected: string): AsyncIterable<Uint8Array> {
  for await (const chunk of stream) yield chunk as Uint8Array;
  if ((await rawDone) !== expected) {
    throw new DomainError('unauthenticated', 'The body does not match X-P2M-Content-SHA256; nothing was stored.');
  }
}
