import { describe, expect, it } from 'vitest';
import { PDFDocument, StandardFonts, type PDFFont, type PDFPage } from 'pdf-lib';
import { convert } from '../index.ts';
import { DEFAULT_CONFIG } from '../stage.ts';
import { tables } from './tables.ts';
import { recordedPage } from '../../test/support/tables/recorded.ts';

const WORDS = 'the light undergoes total internal reflection at the sphere surface and becomes trapped within the particle for long timescales of the order of nanoseconds'.split(' ');

/** Prose lines of a layout column `width` points wide from x, starting at y and going down by `pitch`. */
function column(page: PDFPage, font: PDFFont, x: number, y: number, width: number, lines: number, pitch = 12, seed = 0): void {
  let k = seed;
  for (let i = 0; i < lines; i++) {
    let text = '';
    while (font.widthOfTextAtSize(`${text} ${WORDS[k % WORDS.length]}`, 10) < width) text = `${text} ${WORDS[k++ % WORDS.length]}`.trim();
    page.drawText(text, { x, y: y - pitch * i, size: 10, font });
  }
}

/**
 * A paper's first page: a title and an abstract across the page, then two layout columns of prose to the foot, the
 * right one's baselines half a line below the left one's. The left column ends in footnotes set at 8 pt on the
 * baselines of the right column's last lines, over a footer of two parts (Elsevier's preprint line and its date).
 * `table` puts a table of three columns into the left column instead of some of its prose.
 */
async function firstPage(table: boolean): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.TimesRoman), bold = await pdf.embedFont(StandardFonts.TimesRomanBold);
  const italic = await pdf.embedFont(StandardFonts.TimesRomanItalic);
  const page = pdf.addPage([612, 792]);
  page.drawText('Trapping polaritons in a micro-sphere', { x: 180, y: 740, size: 14, font: bold });
  column(page, font, 60, 710, 490, 8);
  if (table) {
    column(page, font, 60, 600, 230, 8);
    [['Method', 'Energy', 'Width'], ['Baseline', '70.5', '0.40'], ['Ours', '74.0', '0.35'], ['Oracle', '77.5', '0.30'], ['Mean', '74.0', '0.35']].forEach((row, i) => {
      row.forEach((t, c) => page.drawText(t, { x: 60 + c * 80, y: 500 - 12 * i, size: 10, font: i === 0 ? bold : font }));
    });
    column(page, font, 60, 430, 230, 16, 12, 4);
  } else {
    column(page, font, 60, 600, 230, 32);
  }
  column(page, font, 320, 594, 230, 34, 12, 7);
  const foot = 594 - 12 * 34;
  page.drawText('1 Another author footnote, long enough to make two lines of', { x: 60, y: foot, size: 8, font });
  page.drawText('footnote text. 2 Yet another author footnote.', { x: 60, y: foot - 12, size: 8, font });
  page.drawText('the order of nanoseconds in the sphere.', { x: 320, y: foot, size: 10, font });
  page.drawText('Preprint submitted to Elsevier', { x: 60, y: foot - 30, size: 8, font: italic });
  page.drawText('June 8, 2018', { x: 500, y: foot - 30, size: 8, font: italic });
  return pdf.save();
}

describe('two layout columns under a full-width top', () => {
  it('are no table where the footnotes of one share baselines with the prose of the other', async () => {
    const { markdown } = await convert(await firstPage(false));
    expect(markdown).not.toContain('|');
  });

  it('a table in the left column under the same top is found, and its last column never paired with the prose beside it', async () => {
    const { markdown } = await convert(await firstPage(true));
    expect(markdown).toMatch(/^\| Baseline \| 70\.5 \|/m);
    // The table's last column lies near the gutter; it may stay text, but never a row beside the other column's prose.
    expect(markdown).not.toMatch(/^\|.*\b0\.(40|35|30)\b.*\| .*(light|sphere|particle|timescales)/m);
  });

  it('are no table where both columns end in footnotes on one baseline grid, each line carrying on the one above', () => {
    // elsarticle's elstest-5p, page 1, recorded: footnotes 2 and 3 at the foot of the left column, 4 at the right's.
    const out = tables.run(recordedPage('elsarticle-first-page-footnotes.json'), DEFAULT_CONFIG);
    expect(out.pages[0]!.blocks.filter((b) => b.kind === 'table')).toEqual([]);
  });
  it('leave alone a table on one side of a cut between tables side by side: its neighbour is no layout column', () => {
    // Writer, two zebra tables side by side (generated seed 7, zebra-side-2), recorded with their row stripes:
    // the left table's widest column gap read as a layout gutter, and its last column went to the right table.
    const out = tables.run(recordedPage('writer-zebra-side-by-side.json'), DEFAULT_CONFIG);
    const rows = out.pages[0]!.blocks.flatMap((b) => (b.kind === 'table' ? [b.rows.map((r) => r.map((c) => c.spans.map((x) => x.text).join('')).join('|'))] : []));
    expect(rows).toHaveLength(2);
    expect(rows[0]![0]).toBe('Region|Women 2001|Rate 2002');
    expect(rows[0]).toContain('Sweden|42,526|+12.0');
    expect(rows[1]![0]).toBe('Item|Total 2001|Total 2002');
  });
});
