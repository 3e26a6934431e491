import { toBase64Url } from '../core/devices/signing/base64url.ts';

/** A serialised multipart/form-data body and the Content-Type header that names its boundary. */
export type MultipartBody = { bytes: Uint8Array; contentType: string };

/**
 * Serialises a form with a single `file` part. We build the bytes ourselves
 * instead of handing FormData to fetch because the body hash must cover the
 * exact bytes on the wire, and fetch picks its own boundary after we sign.
 * The filename is escaped as the HTML standard's form encoder does (", CR, LF
 * percent-encoded; other characters as UTF-8), so servers parse it like a
 * browser upload; servers should decode parameters as UTF-8.
 */
export function encodeMultipartFile(
  bytes: Uint8Array,
  fileName: string,
  fileType = 'application/pdf',
): MultipartBody {
  // 18 random bytes give 24 base64url characters; a collision with file content is negligible.
  const boundary = `p2m-${toBase64Url(crypto.getRandomValues(new Uint8Array(18)))}`;
  const safeName = fileName.replace(/"/g, '%22').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
  const safeType = /^[\w.+-]+\/[\w.+-]+$/.test(fileType) ? fileType : 'application/octet-stream';
  const encoder = new TextEncoder();
  const head = encoder.encode(
    `--${boundary}\r\n` +
      `Content-Disposition: form-data; name="file"; filename="${safeName}"\r\n` +
      `Content-Type: ${safeType}\r\n\r\n`,
  );
  const tail = encoder.encode(`\r\n--${boundary}--\r\n`);
  const out = new Uint8Array(head.length + bytes.length + tail.length);
  out.set(head, 0);
  out.set(bytes, head.length);
  out.set(tail, head.length + bytes.length);
  return { bytes: out, contentType: `multipart/form-data; boundary=${boundary}` };
}
