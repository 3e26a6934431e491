/**
 * Typewriter documents end to end: a report set entirely in Courier is prose,
 * headings and an aligned table, not code; a Courier program listing is still code.
 */
import { describe, expect, it } from 'vitest';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { convert } from '../../engine/index.ts';

const REPORT_PROSE = [
  'The survey was carried out in two stages. In the first stage a sample of',
  'counties was drawn with probability proportional to size, and in the',
  'second stage households were drawn within each selected county. The',
  'estimates below are weighted to the population of the census year.',
];

const TABLE = [
  ['Region', 'Sample', 'Rate', 'Error'],
  ['North', '1,204', '12.5', '0.8'],
  ['South', '986', '14.1', '1.1'],
  ['East', '1,530', '9.8', '0.6'],
  ['West', '744', '17.2', '1.4'],
];

/** A two-page typewriter report: Courier throughout, a larger heading, prose and a column-aligned table. */
async function typewriterReport(): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const mono = await pdf.embedFont(StandardFonts.Courier);
  for (let n = 1; n <= 2; n++) {
    const page = pdf.addPage([612, 792]);
    page.drawText(`APPENDIX ${n === 1 ? 'A' : 'B'}`, { x: 72, y: 720, size: 14, font: mono });
    REPORT_PROSE.forEach((t, i) => page.drawText(t, { x: 72, y: 690 - i * 12, size: 10, font: mono }));
    page.drawText(`Table ${n}. Rates by region`, { x: 72, y: 620, size: 10, font: mono });
    const cols = [72, 200, 300, 400];
    TABLE.forEach((row, r) => row.forEach((cell, c) => {
      // Numbers are right-aligned in their column, as a typist would set them.
      const x = c === 0 ? cols[c]! : cols[c]! + 48 - mono.widthOfTextAtSize(cell, 10);
      page.drawText(cell, { x, y: 596 - r * 14, size: 10, font: mono });
    }));
    REPORT_PROSE.forEach((t, i) => page.drawText(t, { x: 72, y: 500 - i * 12, size: 10, font: mono }));
  }
  return pdf.save();
}

/** A typed table: each row one string, columns of figures as little as one space apart. */
async function typedTable(): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const mono = await pdf.embedFont(StandardFonts.Courier);
  const page = pdf.addPage([612, 792]);
  REPORT_PROSE.forEach((t, i) => page.drawText(t, { x: 72, y: 720 - i * 12, size: 10, font: mono }));
  const rows = [
    'Proportion        1.0   1.1   1.2   1.3   1.4',
    '0.99 ..........   800   880   960 1,040 1,120',
    '0.98 ..........   400   440   480   520   560',
    '0.97 ..........   267   293   320   347   373',
    '0.95 ..........   160   176   192   208   224',
    '0.90 ..........    80    88    96   104   112',
    '0.85 ..........    53    59    64    69    75',
    '0.01 ..........   800   880   960 1,040 1,120',
  ];
  rows.forEach((t, i) => page.drawText(t, { x: 72, y: 640 - i * 12, size: 10, font: mono }));
  REPORT_PROSE.forEach((t, i) => page.drawText(t, { x: 72, y: 520 - i * 12, size: 10, font: mono }));
  return pdf.save();
}

/** A printed program: Courier throughout, reading as code. */
async function programListing(): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const mono = await pdf.embedFont(StandardFonts.Courier);
  const page = pdf.addPage([612, 792]);
  const src = [
    'function total(items) {', '  let sum = 0;', '  for (const item of items) {', '    if (item.price > 0) {',
    '      sum += item.price * item.count;', '    }', '  }', '  return sum;', '}', '',
    'const rows = [{ price: 2, count: 3 }, { price: 5, count: 1 }];', 'console.log(total(rows));',
  ];
  src.forEach((t, i) => page.drawText(t, { x: 72, y: 720 - i * 12, size: 10, font: mono }));
  return pdf.save();
}

describe('typewriter documents', () => {
  it('reads a Courier report as headings, prose and a table, with no code', async () => {
    const { markdown } = await convert(await typewriterReport());
    expect(markdown).not.toContain('```');
    expect(markdown).not.toContain('`');
    expect(markdown).toMatch(/^#{1,6} APPENDIX A$/m);
    expect(markdown).toContain('The survey was carried out in two stages. In the first stage a sample of counties');
    expect(markdown).toMatch(/^\| *Region *\| *Sample *\| *Rate *\| *Error *\|$/m);
    expect(markdown).toMatch(/^\| *North *\| *1,204 *\| *12\.5 *\| *0\.8 *\|$/m);
  });

  it('keeps columns of typed figures apart even where one space separates them', async () => {
    const { markdown } = await convert(await typedTable());
    // Dot leaders after the stub may be stripped from the cell (engine/tables does for typewriter tables).
    expect(markdown).toMatch(/^\| *0\.99(?: \.+)? *\| *800 *\| *880 *\| *960 *\| *1,040 *\| *1,120 *\|$/m);
    expect(markdown).toMatch(/^\| *0\.90(?: \.+)? *\| *80 *\| *88 *\| *96 *\| *104 *\| *112 *\|$/m);
  });

  it('keeps a Courier program listing as code', async () => {
    const { markdown } = await convert(await programListing());
    expect(markdown).toContain('```');
    expect(markdown).toContain('      sum += item.price * item.count;');
  });
});
