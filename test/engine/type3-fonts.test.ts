/**
 * Pages set in Type 3 fonts stay on the direct reader (issue 19) and read as
 * pdf.js reads them: the same text items and the same Markdown, for the
 * font matrices, names and sizes Type 3 fonts come with. A font whose glyph
 * names pdf.js may know and we do not still sends its page to pdf.js.
 */
import { describe, expect, it } from 'vitest';
import { comparePage } from '../../bench/parity/compare-page.ts';
import { FontIdMap } from '../../bench/parity/item-diff.ts';
import { DirectDocument } from '../../engine/extract/direct/direct-document.ts';
import { documentParams, loadPdfjs } from '../../engine/extract/pdfjs.ts';
import { convert } from '../../engine/index.ts';
import { literal, type3Pdf, type Type3Spec } from '../support/type3-pdf.ts';

const plainNames = (c: string) => (c === ' ' ? 'space' : c);
/** dvips' bitmap fonts: no usable names, so pdf.js reads each code as itself. */
const dvipsNames = (c: string) => `a${c.charCodeAt(0)}`;

const SCALED: Type3Spec = { matrix: [0.01, 0, 0, 0.01, 0, 0], width: 55, bbox: [0, -25, 60, 95], name: plainNames };
const FONTS: Record<string, Type3Spec> = {
  'FontMatrix scaled to 1/100': SCALED,
  'skewed FontMatrix': { ...SCALED, matrix: [0.01, 0, 0.003, 0.01, 0, 0] },
  // pdf.js then takes the font's box from the glyphs' boxes and stretches text at every size.
  'glyph boxes dwarfing the font box': { ...SCALED, bbox: [0, 0, 6, 8], glyphBox: [0, -20, 60, 90] },
  'dvips bitmap names': { matrix: [0.0156, 0, 0, 0.0156, 0, 0], width: 40, bbox: [-4, -21, 114, 70], name: dvipsNames },
  // As Chrome writes them: a flipped matrix and box, glyphs named by id, text from ToUnicode.
  'flipped matrix with ToUnicode': { matrix: [0.001, 0, 0, -0.001, 0, 0], width: 560, bbox: [24, 16, 902, -771], name: (c) => `g${c.charCodeAt(0)}`, toUnicode: true },
};

const LINES = ['Type three fonts', 'stay on the direct reader', 'when pdf js would read them', 'the same way'];

/** Lines at 12 pt set with Tf, or with a font size of 1 scaled by the text matrix (where pdf.js stretches Type 3 text). */
function content(mode: 'Tf' | 'Tm'): string {
  const out = ['BT'];
  LINES.forEach((line, i) => {
    const y = 250 - i * 16;
    out.push(mode === 'Tf' ? `/F1 12 Tf 1 0 0 1 40 ${y} Tm` : `/F1 1 Tf 12 0 0 12 40 ${y} Tm`, `${literal(line)} Tj`);
  });
  out.push('ET');
  return out.join('\n');
}

async function bothReaders(data: Uint8Array) {
  const auto = await convert(data, { textReader: 'auto' });
  const pdfjs = await convert(data, { textReader: 'pdfjs' });
  return { auto, pdfjs };
}

async function itemsVerdict(data: Uint8Array) {
  const task = (await loadPdfjs()).getDocument(documentParams(data.slice()));
  try {
    const doc = await task.promise;
    return await comparePage(DirectDocument.open(data), await doc.getPage(1), new FontIdMap());
  } finally {
    await task.destroy();
  }
}

describe('Type 3 fonts on the direct reader', () => {
  const cases = Object.entries(FONTS).flatMap(([name, spec]) => (['Tf', 'Tm'] as const).map((mode) => ({ name: `${name}, size by ${mode}`, spec, mode })));

  it.each(cases)('$name: read directly, items and Markdown as pdf.js gives them', { timeout: 60_000 }, async ({ spec, mode }) => {
    const data = await type3Pdf([{ fonts: [spec], content: content(mode) }]);
    const { auto, pdfjs } = await bothReaders(data);
    expect(auto.textReader).toMatchObject({ direct: 1, pdfjs: 0 });
    expect(auto.markdown).toBe(pdfjs.markdown);
    for (const line of LINES) expect(auto.markdown).toContain(line);
    expect(await itemsVerdict(data)).toEqual({ kind: 'same' });
  });

  it('a font with glyph names pdf.js may know and we do not sends its page to pdf.js', { timeout: 60_000 }, async () => {
    const data = await type3Pdf([{ fonts: [{ ...SCALED, name: (c) => `glyph_${c.charCodeAt(0)}` }], content: content('Tf') }]);
    const { auto, pdfjs } = await bothReaders(data);
    expect(auto.textReader).toMatchObject({ direct: 0, pdfjs: 1 });
    expect(auto.textReader.fallback).toMatch(/glyph name outside our glyph list/);
    expect(auto.markdown).toBe(pdfjs.markdown);
  });
});
