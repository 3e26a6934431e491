/**
 * linkReader end to end on real pdf.js pages: the direct reader is used when
 * it can be, pdf.js getAnnotations() when it cannot (encrypted or damaged
 * files), and unsafe targets never become hrefs on either path.
 */
import crypto from 'node:crypto';
import { describe, expect, it, vi } from 'vitest';
import { PDFDocument, PDFName, PDFString, StandardFonts } from 'pdf-lib';
import type { PDFPageProxy } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { convert } from '../convert.ts';
import { documentParams, loadPdfjs } from './pdfjs.ts';
import { extractLinks, linkReader, type LinkArea } from './links.ts';

const TARGETS = ['https://example.org/docs', 'javascript:alert(1)', 'JAVASCRIPT:alert(2)', 'data:text/html,<b>x</b>', '../guide/index.md#top'];

/** One page: a line of text per target, each covered by a link to it (y from 700 down in steps of 30). */
async function linkedPdf(opts: { flags?: number[]; useObjectStreams?: boolean } = {}): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const page = pdf.addPage([595, 842]);
  const annots = TARGETS.map((url, i) => {
    const y = 700 - 30 * i;
    page.drawText(`Link number ${i} goes here`, { x: 50, y, size: 12, font });
    const f = opts.flags?.[i];
    return pdf.context.register(pdf.context.obj({
      Type: 'Annot', Subtype: 'Link', Rect: [50, y - 3, 200, y + 12], Border: [0, 0, 0],
      A: { S: 'URI', URI: PDFString.of(url) }, ...(f !== undefined ? { F: f } : {}),
    }));
  });
  page.node.set(PDFName.of('Annots'), pdf.context.obj(annots));
  return pdf.save({ useObjectStreams: opts.useObjectStreams ?? false });
}

/** A one-page PDF encrypted with AES-256 (revision 5, empty user password, strings only) whose link is `url`. */
function encryptedPdf(url: string): Uint8Array {
  const sha = (...b: Buffer[]) => crypto.createHash('sha256').update(Buffer.concat(b)).digest();
  const fileKey = crypto.randomBytes(32);
  const [vSalt, kSalt] = [crypto.randomBytes(8), crypto.randomBytes(8)];
  const aes = (key: Buffer, iv: Buffer, data: Buffer, padding: boolean) => {
    const c = crypto.createCipheriv('aes-256-cbc', key, iv).setAutoPadding(padding);
    return Buffer.concat([c.update(data), c.final()]);
  };
  const u = Buffer.concat([sha(vSalt), vSalt, kSalt]);
  const ue = aes(sha(kSalt), Buffer.alloc(16), fileKey, false);
  const iv = crypto.randomBytes(16);
  const secretUri = Buffer.concat([iv, aes(fileKey, iv, Buffer.from(url), true)]);
  const hex = (b: Buffer) => `<${b.toString('hex')}>`;
  const content = 'BT /F1 12 Tf 50 700 Td (Read the encrypted docs here.) Tj ET';
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R /Annots [6 0 R] >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
    `<< /Length ${content.length} >>\nstream\n${content}\nendstream`,
    `<< /Type /Annot /Subtype /Link /Rect [50 697 250 712] /A << /S /URI /URI ${hex(secretUri)} >> >>`,
    `<< /Filter /Standard /V 5 /R 5 /Length 256 /P -4 /CF << /StdCF << /CFM /AESV3 /AuthEvent /DocOpen /Length 32 >> >>
 /StmF /Identity /StrF /StdCF /O ${hex(crypto.randomBytes(48))} /U ${hex(u)} /OE ${hex(crypto.randomBytes(32))} /UE ${hex(ue)} /Perms ${hex(crypto.randomBytes(16))} >>`,
  ];
  let body = '%PDF-1.7\n';
  const offsets = objects.map((o, i) => {
    const at = body.length;
    body += `${i + 1} 0 obj\n${o}\nendobj\n`;
    return at;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R /Encrypt 7 0 R /ID [<00112233445566778899aabbccddeeff> <00112233445566778899aabbccddeeff>] >>\nstartxref\n${xref}\n%%EOF\n`;
  return new Uint8Array(Buffer.from(body, 'latin1'));
}

/** Reads page 1's links with `read`, counting pdf.js getAnnotations() calls. */
async function readPage1(bytes: Uint8Array, read: (page: PDFPageProxy) => Promise<LinkArea[]>) {
  const task = (await loadPdfjs()).getDocument(documentParams(bytes));
  try {
    const page = await (await task.promise).getPage(1);
    const spy = vi.spyOn(page, 'getAnnotations');
    const links = await read(page);
    return { links, pdfjsCalls: spy.mock.calls.length };
  } finally {
    await task.destroy();
  }
}

describe('linkReader', () => {
  it.each([false, true])('reads links from the bytes without pdf.js getAnnotations (object streams: %s)', async (useObjectStreams) => {
    const bytes = await linkedPdf({ useObjectStreams });
    const { links, pdfjsCalls } = await readPage1(bytes, linkReader(bytes));
    expect(pdfjsCalls).toBe(0);
    expect(links).toEqual((await readPage1(bytes, extractLinks)).links);
    expect(links[0]).toEqual({ url: 'https://example.org/docs', box: { x0: 50, y0: 842 - 712, x1: 200, y1: 842 - 697 } });
  });

  it('never turns javascript:, data: or other unsafe targets into links, on either path', async () => {
    const bytes = await linkedPdf();
    for (const read of [linkReader(bytes), extractLinks]) {
      expect((await readPage1(bytes, read)).links.map((l) => l.url)).toEqual(['https://example.org/docs', '../guide/index.md#top']);
    }
    const { markdown } = await convert(bytes);
    expect(markdown).toContain('](https://example.org/docs)');
    expect(markdown).toContain('](../guide/index.md#top)');
    expect(markdown).not.toMatch(/javascript|data:/i);
  });

  it('drops Hidden and NoView links but not Invisible or Print ones, on either path', async () => {
    const bytes = await linkedPdf({ flags: [2, 0, 0, 0, 32] });
    const open = await linkedPdf({ flags: [1 | 4, 0, 0, 0, 4] });
    for (const read of [linkReader, () => extractLinks]) {
      expect((await readPage1(bytes, read(bytes))).links).toEqual([]);
      expect((await readPage1(open, read(open))).links.map((l) => l.url)).toEqual(['https://example.org/docs', '../guide/index.md#top']);
    }
  });

  it('falls back to pdf.js for an encrypted file, whose strings it cannot read', async () => {
    const bytes = encryptedPdf('https://example.org/decrypted');
    const { links, pdfjsCalls } = await readPage1(bytes, linkReader(bytes));
    expect(pdfjsCalls).toBe(1);
    expect(links.map((l) => l.url)).toEqual(['https://example.org/decrypted']);
    expect((await convert(bytes)).markdown).toContain('](https://example.org/decrypted)');
  });

  it('falls back to pdf.js when an annotation does not parse (pdf.js skips a bad dictionary key)', async () => {
    const good = Buffer.from(await linkedPdf());
    // Same length, so the xref stays right: "/Border" becomes a number where a key belongs.
    const bytes = new Uint8Array(Buffer.from(good.toString('latin1').replaceAll('/Border', '1234567'), 'latin1'));
    const { links, pdfjsCalls } = await readPage1(bytes, linkReader(bytes));
    expect(pdfjsCalls).toBe(1);
    expect(links.map((l) => l.url)).toEqual(['https://example.org/docs', '../guide/index.md#top']);
  });

  it('falls back to pdf.js when the page object is not in the bytes it was given', async () => {
    const bytes = await linkedPdf();
    const { links, pdfjsCalls } = await readPage1(bytes, linkReader(new Uint8Array(Buffer.from('%PDF-1.7 garbage'))));
    expect(pdfjsCalls).toBe(1);
    expect(links).toHaveLength(2);
  });
});

describe('applyLinks', () => {
  it('ends a link before the full stop that follows its last word', async () => {
    const { applyLinks } = await import('./links.ts');
    // 20 characters over 200 pt: 10 pt each; the link box covers "the FAQ" (characters 4-10).
    const run = { text: 'See the FAQ. Thanks.', box: { x0: 0, y0: 0, x1: 200, y1: 12 }, fontName: 'F', fontSize: 12, bold: false, italic: false, monospace: false, dir: 'ltr' as const };
    const out = applyLinks([run], [{ url: 'https://example.org/faq', box: { x0: 40, y0: 0, x1: 115, y1: 12 } }]);
    expect(out.map((r) => [r.text, r.href])).toEqual([['See ', undefined], ['the FAQ', 'https://example.org/faq'], ['. Thanks.', undefined]]);
  });

  it('leaves out a mark set just past the link whose glyph the box only grazes (an author note after an ORCID link)', async () => {
    const { applyLinks } = await import('./links.ts');
    // sample-sigconf.pdf: the name's link ends at 171.7; the note mark "∗" runs from 170.7 to 173.7.
    const style = { fontName: 'F', fontSize: 9, bold: false, italic: false, monospace: false, dir: 'ltr' as const };
    const name = { ...style, text: 'Ben Trovato', box: { x0: 110.5, y0: 111, x1: 170.7, y1: 122 } };
    const mark = { ...style, text: '∗', box: { x0: 170.7, y0: 108.9, x1: 173.7, y1: 117.1 } };
    const out = applyLinks([name, mark], [{ url: 'https://orcid.org/1234-5678-9012', box: { x0: 109.5, y0: 110.5, x1: 171.7, y1: 120.5 } }]);
    expect(out.map((r) => [r.text, r.href])).toEqual([['Ben Trovato', 'https://orcid.org/1234-5678-9012'], ['∗', undefined]]);
  });
});
