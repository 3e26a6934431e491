import { describe, expect, it } from 'vitest';
import { PDFDocument, PDFHexString, StandardFonts } from 'pdf-lib';
import { convert } from '../convert.ts';
import { EngineError } from '../types.ts';
import { withoutAttachmentOnlyEncryption } from './attachment-only-encryption.ts';

/**
 * A PDF whose trailer names an AES-256 encryption dictionary with a user
 * password nobody knows (random /U), as an attachment-encrypting tool writes
 * it; `streams` is its /StmF (Identity: only embedded files are encrypted).
 */
async function encryptedPdf(streams: 'Identity' | 'StdCF', objectStreams = false): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  pdf.addPage([300, 300]).drawText('Readable without a key', { x: 20, y: 250, size: 12, font });
  const hex = (n: number) => PDFHexString.of('ab'.repeat(n));
  const ctx = pdf.context;
  const encrypt = ctx.register(ctx.obj({
    Filter: 'Standard', V: 5, R: 6, Length: 256, P: -4,
    CF: { StdCF: { CFM: 'AESV3', AuthEvent: 'EFOpen', Length: 32 } },
    StmF: streams, StrF: 'Identity', EFF: 'StdCF',
    O: hex(48), U: hex(48), OE: hex(32), UE: hex(32), Perms: hex(16),
  }));
  ctx.trailerInfo.Encrypt = encrypt;
  ctx.trailerInfo.ID = ctx.obj([hex(16), hex(16)]);
  return pdf.save({ useObjectStreams: objectStreams });
}

describe('attachment-only encryption', () => {
  it('opens a PDF whose encryption covers only embedded files, with or without object streams', async () => {
    for (const objectStreams of [false, true]) {
      const bytes = await encryptedPdf('Identity', objectStreams);
      const r = await convert(bytes);
      expect(r.markdown).toContain('Readable without a key');
    }
  });

  it('blanks the /Encrypt entry in place, keeping every byte offset', async () => {
    const bytes = await encryptedPdf('Identity');
    const clear = withoutAttachmentOnlyEncryption(bytes)!;
    expect(clear).toHaveLength(bytes.length);
    expect(Buffer.from(clear).toString('latin1')).not.toMatch(/\/Encrypt\s+\d/);
    expect(Buffer.from(bytes).toString('latin1')).toMatch(/\/Encrypt\s+\d/);
  });

  it('still asks for the password when page content is encrypted', async () => {
    const bytes = await encryptedPdf('StdCF');
    expect(withoutAttachmentOnlyEncryption(bytes)).toBeNull();
    await expect(convert(bytes)).rejects.toMatchObject({ code: 'encrypted_pdf' } satisfies Partial<EngineError>);
  });

  it('leaves unencrypted and unparseable bytes alone', async () => {
    const plain = await PDFDocument.create();
    plain.addPage();
    expect(withoutAttachmentOnlyEncryption(await plain.save())).toBeNull();
    expect(withoutAttachmentOnlyEncryption(new TextEncoder().encode('%PDF-1.7\n/Encrypt 1 0 R garbage'))).toBeNull();
  });
});
