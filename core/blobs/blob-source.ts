/**
 * An upload as core sees it: the file's bytes, read once. Each lane supplies
 * its own source (the REST multipart part, the v1 signed multipart part, the
 * base64 text of MCP, tRPC and REST JSON bodies), so operation schemas never
 * carry a transport's stream type and every lane meets the same byte cap in
 * the blob store.
 */
import { z } from 'zod';

export interface BlobSource {
  /**
   * The bytes in order. A source may fail mid-way (an interrupted upload, a
   * body that does not match its signature); the blob store then drops what
   * it wrote. Stream-backed sources can be opened once only.
   */
  open(): AsyncIterable<Uint8Array>;
}

/** A source over bytes already in memory (a decoded base64 body). */
export function bytesSource(bytes: Uint8Array): BlobSource {
  return {
    async *open() {
      yield bytes;
    },
  };
}

/** A source over a live upload: open() hands the iterable over once, so a stream is never read twice. */
export function streamSource(body: AsyncIterable<Uint8Array>): BlobSource {
  let taken = false;
  return {
    open() {
      if (taken) throw new Error('This upload was already read.');
      taken = true;
      return body;
    },
  };
}

export const isBlobSource = (v: unknown): v is BlobSource =>
  typeof v === 'object' && v !== null && typeof (v as { open?: unknown }).open === 'function';

/** A BlobSource in an operation's input. JSON has no such value: JSON lanes send base64 and turn it into one. */
export const BlobSourceSchema = z.custom<BlobSource>(isBlobSource, { message: 'expected an uploaded file' });
