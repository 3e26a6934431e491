/**
 * Lists from the structure tree (L, LI, Lbl, LBody) of hand-made tagged PDFs:
 * nesting as the tree nests, ordered or not by the label (else the list's
 * ListNumbering), the label not repeated in the item; a list whose items the
 * page does not show together is left to the layout.
 */
import { describe, expect, it } from 'vitest';
import { convert } from '../../engine/index.ts';
import { el, structPdf, textAt, type TagElem, type TagKid } from '../support/struct-pdf.ts';
import { hasTtf } from '../support/ttf-pdf.ts';

const PROSE = ['This paragraph is ordinary body text that wraps onto', 'a second line of the page, as body text does.'];

/** An item at (x, y): its label, then its text a little to the right, then any nested lists. */
const li = (label: string, text: string, x: number, y: number, ...nested: TagKid[]): TagElem =>
  el('LI', ...(label ? [el('Lbl', { text: label, x, y })] : []), el('LBody', { text, x: x + 16, y }, ...nested));

/** A title, a paragraph, the given elements, and a closing paragraph at y = 500. */
const page = (...body: TagElem[]) => structPdf({ tree: [
  el('H1', { text: 'Guide title', x: 72, y: 760, size: 20 }), el('P', ...textAt(PROSE, 72, 730)), ...body, el('P', ...textAt(PROSE, 72, 500)),
] });

describe.runIf(hasTtf)('lists from tagged PDFs', () => {
  it.each(['auto', 'pdfjs'] as const)('nests items as the tree does, with labels the layout does not know (%s reader)', async (textReader) => {
    // The nested list is not indented: only the tree says it is nested. Arrows are no bullet the layout knows.
    const pdf = await page(el('L',
      li('→', 'First item', 72, 700),
      li('→', 'Second item', 72, 686, el('L', li('a)', 'Nested one', 72, 672), li('b)', 'Nested two', 72, 658))),
      li('→', 'Third item', 72, 644)));
    const out = await convert(pdf, { textReader });
    expect(out.structure).toBe('tags');
    // Lettered labels stay the items' text (Markdown would renumber them 1., 2.).
    expect(out.markdown).toContain('- First item\n- Second item\n  - a) Nested one\n  - b) Nested two\n- Third item\n');
    expect(out.markdown).not.toContain('→');
  });

  it.each(['auto', 'pdfjs'] as const)('numbers a list whose labels are bare numbers, from the first label (%s reader)', async (textReader) => {
    const pdf = await page(el('L', li('4', 'Open the lid', 72, 700), li('5', 'Pour the water', 72, 686), li('6', 'Close the lid', 72, 672)));
    const out = await convert(pdf, { textReader });
    expect(out.markdown).toContain('4. Open the lid\n5. Pour the water\n6. Close the lid\n');
  });

  it('numbers a list without labels by its ListNumbering attribute (direct reader)', async () => {
    const items = ['Open the lid', 'Pour the water'].map((t, i) => el('LI', el('LBody', { text: t, x: 88, y: 700 - 14 * i })));
    const pdf = await page({ role: 'L', kids: items, attrs: { O: 'List', ListNumbering: 'Decimal' } });
    const out = await convert(pdf);
    expect(out.textReader.backend).toBe('direct');
    expect(out.markdown).toContain('1. Open the lid\n2. Pour the water\n');
  });

  it.each(['auto', 'pdfjs'] as const)('does not repeat a typed bullet or number kept in the item body (%s reader)', async (textReader) => {
    const pdf = await page(el('L', li('', '1. Open the lid', 72, 700), li('', '2. Pour the water', 72, 686)));
    const out = await convert(pdf, { textReader });
    expect(out.markdown).toContain('1. Open the lid\n2. Pour the water\n');
  });

  it.each(['auto', 'pdfjs'] as const)('reads a symbol every item of a list starts with as their label, when the tree keeps labels in the body (%s reader)', async (textReader) => {
    // LibreOffice writes no Lbl: the label is the start of the item's body.
    const item = (text: string, y: number) => el('LI', el('LBody', el('P', { text, x: 72, y })));
    const pdf = await page(el('L', item('→ Open the lid', 700), item('→ Pour the water', 686)));
    const out = await convert(pdf, { textReader });
    expect(out.markdown).toContain('- Open the lid\n- Pour the water\n');
  });

  it.each(['auto', 'pdfjs'] as const)('leaves a list to the layout when one of its items is elsewhere on the page (%s reader)', async (textReader) => {
    // The tree's third item is painted below the closing paragraph: the page does not show one list.
    const pdf = await page(el('L', li('→', 'First item', 72, 700), li('→', 'Second item', 72, 686), li('→', 'Third item', 72, 440)));
    const out = await convert(pdf, { textReader });
    expect(out.structure).toBe('tags');
    expect(out.markdown).toContain('→ First item');
    expect(out.markdown).not.toMatch(/^- /m);
  });
});
