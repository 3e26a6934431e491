/**
 * Text geometry end to end on generated PDFs, through both text readers
 * (the embedded font lets the direct reader read them): text overprinted for
 * a bold effect, rotated text, superscripts and right-to-left lines.
 */
import bidiModule from 'bidi-js';
import { describe, expect, it } from 'vitest';
import { convert, type TextReaderChoice } from '../../engine/index.ts';
import { encode, GLYPH_WIDTH, hasTtf, ttfPage } from '../support/ttf-pdf.ts';

const READERS: TextReaderChoice[] = ['auto', 'pdfjs'];

/** `text` shown at (x, y) in /F1 at `size`, under text matrix [a b c d]. */
const show = (text: string, x: number, y: number, size = 11, [a, b, c, d] = [1, 0, 0, 1]) =>
  `BT /F1 ${size} Tf ${a} ${b} ${c} ${d} ${x} ${y} Tm (${text}) Tj ET`;

// Fake bold: ENABLE drawn again a third of a point to the right (0.6 em per glyph: 6.6 pt at 11 pt).
const OVERPRINT = [show('Set the option', 50, 760), show('ENABLE', 150, 760), show('ENABLE', 150.3, 760), show('before the first run.', 193, 760)];

const ROWS = [['Region', 'Q1', 'Q2', 'Q3'], ['North', '12.5', '8.7', '100.0'], ['South', '7.1', '14.3', '100.0']];

/** A small numeric table printed sideways on a portrait page: 90 reads upwards, 270 downwards. */
function sideways(angle: 90 | 270): string[] {
  return ROWS.flatMap((cells, r) => cells.map((text, k) => angle === 90
    // Upwards, glyph tops face left: columns climb the page, rows step right.
    ? show(text, 300 + 14 * r, 200 + 60 * k, 10, [0, 1, -1, 0])
    : show(text, 295 - 14 * r, 642 - 60 * k, 10, [0, -1, 1, 0])));
}

// a² and H₂O: the script is smaller and set on a raised or lowered baseline (Ts) inside the line's own BT.
const SCRIPTS = [
  'BT /F1 11 Tf 50 700 Td (Solve a) Tj /F1 7 Tf 4 Ts (2) Tj /F1 11 Tf 0 Ts ( + 8 = 12 for a.) Tj ET',
  'BT /F1 11 Tf 50 640 Td (Water is H) Tj /F1 7 Tf -2 Ts (2) Tj /F1 11 Tf 0 Ts (O.) Tj ET',
];

const tableRows = (md: string) => md.split('\n').filter((l) => l.startsWith('|') && !l.includes('---'))
  .map((l) => l.split('|').slice(1, -1).map((c) => c.trim())).filter((cells) => cells.some(Boolean));

describe.skipIf(!hasTtf).each(READERS)('text geometry (%s reader)', (textReader) => {
  const read = async (content: string[]) => {
    const r = await convert(await ttfPage(content.join('\n')), { textReader });
    // The direct reader must really have read the page when asked to.
    expect(r.textReader.direct).toBe(textReader === 'auto' ? 1 : 0);
    return r.markdown;
  };

  it('reads text drawn twice for a bold effect once', async () => {
    expect((await read(OVERPRINT)).trim()).toBe('Set the option ENABLE before the first run.');
  });

  it.each([90, 270] as const)('reads a table printed sideways (%i degrees) in its own direction', async (angle) => {
    expect(tableRows(await read(sideways(angle)))).toEqual(ROWS);
  });

  it('keeps superscripts and subscripts inline, as <sup> and <sub>', async () => {
    expect((await read(SCRIPTS)).trim()).toBe('Solve a<sup>2</sup> + 8 = 12 for a.\n\nWater is H<sub>2</sub>O.');
  });
});

// Right-to-left lines as a PDF holds them: glyphs in visual order, from an RTL paragraph's layout.
const bidi = (bidiModule as unknown as typeof bidiModule.default)();
const HIGH = [...'אבגדהוזחטיכלמנסעפצקרשתךםןףץ', ...'ابتثجحخدذرزسشصضطظعغفقكلمنهوي', '\uFEFB'];
const RTL_LINES = ['הגרסה של Node היא 24 (נכון להיום).', 'Read the file README.md בתיקייה.', 'قال \uFEFB شكرا (3 مرات).'];
const advance = (c: string) => ((' .,'.includes(c) ? GLYPH_WIDTH / 2 : GLYPH_WIDTH) * 11) / 1000;

/** The lines right-aligned at x=500, each visual word (or character) shown on its own, as producers split them. */
function rtlContent(split: 'words' | 'chars'): string {
  return RTL_LINES.flatMap((line, i) => {
    const vis = bidi.getReorderedString(line, bidi.getEmbeddingLevels(line, 'rtl'));
    const pieces = split === 'words' ? vis.split(/(?<= )|(?= )/) : [...vis];
    let x = 500 - [...vis].reduce((w, c) => w + advance(c), 0);
    return pieces.map((p) => {
      const op = p === ' ' ? '' : `BT /F1 11 Tf ${x.toFixed(2)} ${700 - 40 * i} Td ${encode(p, HIGH)} Tj ET`;
      x += [...p].reduce((w, c) => w + advance(c), 0);
      return op;
    });
  }).filter(Boolean).join('\n');
}

describe.skipIf(!hasTtf)('right-to-left lines', () => {
  it.each(['words', 'chars'] as const)('come out in logical order, spaced and mirrored, when each of their %s is shown apart', async (split) => {
    const { markdown } = await convert(await ttfPage(rtlContent(split), HIGH));
    // The lam-alef ligature (a presentation form) becomes its two letters.
    expect(markdown.trim().split(/\n+/)).toEqual(RTL_LINES.map((l) => l.replace('\uFEFB', '\u0644\u0627')));
  });
});
