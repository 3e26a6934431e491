/**
 * Flate decoding for the object index and the direct reader, with output
 * that owns exactly its bytes. zlib's synchronous inflate returns a small
 * result as a view into a 64 KiB chunk, so a cached 3 KiB font program or
 * object stream would keep 64 KiB alive: on a 2,400-page manual the readers'
 * caches held about 40 MB of such slack.
 */
import zlib from 'node:zlib';

/**
 * Inflates `raw` to at most `maxOut` bytes (zlib throws past it), keeping
 * what a truncated stream does hold (sync flush, as pdf.js does).
 */
export function inflateExact(raw: Uint8Array, maxOut: number): Uint8Array {
  const out = zlib.inflateSync(raw, { maxOutputLength: Math.max(1, maxOut), finishFlush: zlib.constants.Z_SYNC_FLUSH });
  return ownBytes(out);
}

/**
 * The bytes copied into a buffer of their own when they fill less than half
 * of the one they view; else as they are. (A Buffer's `slice` is a view, so
 * the copy is a plain Uint8Array.)
 */
export function ownBytes(bytes: Uint8Array): Uint8Array {
  return bytes.byteLength * 2 < bytes.buffer.byteLength ? new Uint8Array(bytes) : bytes;
}
