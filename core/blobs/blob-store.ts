/**
 * Where input PDFs and output Markdown live. Keys are opaque paths such as
 * `jobs/<id>/input-<uuid>.pdf`; every blob of a job is under `jobs/<id>/`
 * (core/jobs/job-blob-keys.ts). The local-directory store serves one machine;
 * the S3 store (s3-blob-store.ts) implements the same interface for several.
 */
import type { Readable } from 'node:stream';

export type PutResult = {
  size: number;
  /** SHA-256 of the stored bytes, hex. */
  sha256: string;
  /** The first bytes, for magic-number checks. */
  head: Buffer;
};

/** How a download should be named and typed when the client fetches it from the store itself. */
export type DownloadAs = { contentType: string; contentDisposition: string };

export interface BlobStore {
  /** Where the blobs are, for logs and health answers (no secrets). */
  readonly describe: string;
  /** Streams into the store; past maxBytes it stops reading, stores nothing and throws too_large. */
  put(key: string, body: Readable | AsyncIterable<Uint8Array>, opts: { maxBytes: number }): Promise<PutResult>;
  /** A stream of the blob, or null when it does not exist. */
  get(key: string): Promise<Readable | null>;
  read(key: string): Promise<Buffer | null>;
  /** Removes the blob; removing a missing one is not an error. */
  delete(key: string): Promise<void>;
  /**
   * Removes every blob whose key starts with `prefix`, a folder-like prefix
   * ending in `/` (`jobs/<id>/`): also blobs no row names, such as the result
   * of an attempt whose worker died before completing. An empty prefix is not
   * an error; a prefix without the trailing `/` is refused.
   */
  deletePrefix(prefix: string): Promise<void>;
  /** null when the store can be used; otherwise what is wrong, in words an operator can act on. */
  check(): Promise<string | null>;
  /**
   * A short-lived URL the client may fetch the blob from directly: null when
   * the blob does not exist; undefined when this store does not hand out URLs
   * (downloads are then streamed through the service).
   */
  downloadUrl(key: string, as: DownloadAs): Promise<string | null | undefined>;
}
