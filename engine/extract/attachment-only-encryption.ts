/**
 * PDFs that encrypt only their embedded files (crypt filters with /EFF set and
 * /StmF, /StrF Identity) keep the page content in the clear, but pdf.js still
 * asks for the user password before opening them. Their pages need no key, so
 * a copy without the trailer's /Encrypt entry reads exactly like the original.
 */
import { PdfObjects } from './pdf-objects/pdf-objects.ts';
import { isDict, isName } from './pdf-objects/values.ts';

/** `/Encrypt n g R` as written in a trailer or cross-reference stream dictionary. */
const ENCRYPT_ENTRY = /\/Encrypt\s+\d+\s+\d+\s+R/g;

/** True if the encryption dictionary leaves strings and streams unencrypted (PDF 1.5+ crypt filters). */
function onlyEmbeddedFilesEncrypted(objects: PdfObjects): boolean {
  const dict = objects.resolve(objects.encrypt);
  if (!isDict(dict)) return false;
  const version = dict.map.get('V');
  if (typeof version !== 'number' || version < 4) return false;
  // Absent /StmF or /StrF means Identity (ISO 32000-1, 7.6.5).
  return ['StmF', 'StrF'].every((key) => {
    const filter = dict.map.get(key);
    return filter === undefined || isName(filter, 'Identity');
  });
}

/**
 * A copy of `bytes` with the /Encrypt entry blanked out (same length, so every
 * offset stays valid) when only embedded files are encrypted; null otherwise.
 */
export function withoutAttachmentOnlyEncryption(bytes: Uint8Array): Uint8Array | null {
  let objects: PdfObjects;
  try {
    objects = PdfObjects.openEncrypted(bytes);
    if (objects.encrypt === undefined || !onlyEmbeddedFilesEncrypted(objects)) return null;
  } catch {
    return null;
  }
  const copy = Uint8Array.from(bytes);
  let blanked = 0;
  for (const m of Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('latin1').matchAll(ENCRYPT_ENTRY)) {
    copy.fill(0x20, m.index, m.index + m[0].length);
    blanked++;
  }
  return blanked > 0 ? copy : null;
}
