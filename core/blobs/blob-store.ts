/**
 * Where input PDFs and output Markdown live. Keys are opaque paths such as
 * `jobs/<id>/input.pdf`. The local-directory store serves one machine; a
 * shared object store implements the same interface for several.
 */
import type { Readable } from 'node:stream';

export type PutResult = {
  size: number;
  /** SHA-256 of the stored bytes, hex. */
  sha256: string;
  /** The first bytes, for magic-number checks. */
  head: Buffer;
};

export interface BlobStore {
  /** Streams into the store; past maxBytes it stops reading, stores nothing and throws too_large. */
  put(key: string, body: Readable | AsyncIterable<Uint8Array>, opts: { maxBytes: number }): Promise<PutResult>;
  /** A stream of the blob, or null when it does not exist. */
  get(key: string): Promise<Readable | null>;
  read(key: string): Promise<Buffer | null>;
  /** Removes the blob; removing a missing one is not an error. */
  delete(key: string): Promise<void>;
}
