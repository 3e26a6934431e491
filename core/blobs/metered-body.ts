/**
 * The byte cap, hash and head of an upload, worked out while it streams: one
 * pass, nothing held but the first bytes. Both stores wrap the body in it, so
 * they refuse an oversized file at the same byte.
 */
import { createHash } from 'node:crypto';
import type { Readable } from 'node:stream';
import { DomainError } from '../errors.ts';
import type { PutResult } from './blob-store.ts';

const HEAD_BYTES = 1024;

export type MeteredBody = {
  /** The body's chunks; throws too_large as soon as the running size passes maxBytes. */
  chunks: AsyncGenerator<Buffer>;
  /** What the store reports once the body has been read to the end. */
  result(): PutResult;
  /** Stops the source (a refused or failed upload). */
  discard(): void;
  /** The too_large error, once the cap was hit (a store's client may wrap what the body threw). */
  refusal(): DomainError | null;
};

export function meterBody(body: Readable | AsyncIterable<Uint8Array>, maxBytes: number): MeteredBody {
  const hash = createHash('sha256');
  const head: Buffer[] = [];
  let size = 0;
  let refused: DomainError | null = null;
  async function* chunks(): AsyncGenerator<Buffer> {
    for await (const chunk of body) {
      const buf = Buffer.from(chunk);
      size += buf.length;
      if (size > maxBytes) {
        refused = new DomainError('too_large', `The file is larger than the limit of ${maxBytes} bytes.`);
        throw refused;
      }
      if (size - buf.length < HEAD_BYTES) head.push(buf.subarray(0, HEAD_BYTES));
      hash.update(buf);
      yield buf;
    }
  }
  return {
    chunks: chunks(),
    result: () => ({ size, sha256: hash.digest('hex'), head: Buffer.concat(head).subarray(0, HEAD_BYTES) }),
    refusal: () => refused,
    discard() {
      if ('destroy' in body && typeof body.destroy === 'function') body.destroy();
    },
  };
}
