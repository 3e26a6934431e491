/**
 * Reading order from the structure tree of hand-made tagged PDFs and a
 * Chromium print, where the layout's guess goes wrong (columns too short for
 * a gutter, a sidebar): the
 * tree's order is taken when the page agrees with it; a tree that goes back
 * up a column, or holds too little of the page, leaves the layout's order;
 * artifacts keep their places.
 */
import { describe, expect, it } from 'vitest';
import { convert } from '../../engine/index.ts';
import { el, structPdf, textAt, type TagElem, type TagText } from '../support/struct-pdf.ts';
import { hasTtf } from '../support/ttf-pdf.ts';
import { describeInBrowser } from '../support/chromium.ts';
import { printHtml } from '../support/tagged-pdf.ts';

const L1 = ['Left column first paragraph', 'runs over three lines of', 'text in the left column.'];
const L2 = ['Left column second one', 'is short.'];
const R1 = ['Right column paragraph', 'continues the story here', 'after the left column.'];
const R2 = ['Right column last one', 'ends the page.'];
const TITLE = el('H1', { text: 'Two columns', x: 72, y: 760, size: 20 });
const para = (lines: string[], x: number, y: number): TagElem => el('P', ...textAt(lines, x, y));
const text = (lines: string[]) => lines.join(' ');

/** Where each text is in the Markdown; -1 if absent. */
const positions = (md: string, texts: string[]) => texts.map((t) => md.indexOf(t));
const inOrder = (md: string, texts: string[]) => {
  const at = positions(md, texts);
  return at.every((p) => p >= 0) && at.every((p, i) => i === 0 || p > at[i - 1]!);
};

describe.runIf(hasTtf)('reading order from tagged PDFs', () => {
  it.each(['auto', 'pdfjs'] as const)('reads short columns one after the other, as the tree does (%s reader)', async (textReader) => {
    const pdf = await structPdf({ tree: [TITLE, para(L1, 72, 720), para(L2, 72, 670), para(R1, 320, 720), para(R2, 320, 670)] });
    const out = await convert(pdf, { textReader });
    expect(out.structure).toBe('tags');
    expect(out.markdown).toBe(`# Two columns\n\n${text(L1)}\n\n${text(L2)}\n\n${text(R1)}\n\n${text(R2)}\n`);
  });

  it.each(['auto', 'pdfjs'] as const)('reads a sidebar after the text it stands beside, as the tree does (%s reader)', async (textReader) => {
    const main = Array.from({ length: 8 }, (_, i) => `Main text line number ${i + 1} of the body`);
    const side = ['Note: a sidebar', 'set beside the text.'];
    const pdf = await structPdf({ tree: [el('H1', { text: 'Sidebar page', x: 72, y: 760, size: 20 }), para(main.slice(0, 4), 72, 720), para(main.slice(4), 72, 650), para(side, 360, 700)] });
    const out = await convert(pdf, { textReader });
    expect(out.markdown).toBe(`# Sidebar page\n\n${text(main.slice(0, 4))}\n\n${text(main.slice(4))}\n\n${text(side)}\n`);
  });

  it('keeps artifacts (a running header, a page number) where the page has them', async () => {
    const artifacts: TagText[] = [{ text: 'Running header', x: 72, y: 800 }, { text: 'Page 7', x: 280, y: 60 }];
    const pdf = await structPdf({ tree: [TITLE, para(L1, 72, 720), para(L2, 72, 670), para(R1, 320, 720), para(R2, 320, 670)], artifacts });
    const out = await convert(pdf, { furniture: 'keep' });
    expect(inOrder(out.markdown, ['Running header', '# Two columns', text(L1), text(L2), text(R1), text(R2), 'Page 7'])).toBe(true);
  });

  it('keeps the layout order when the tree goes back up a column', async () => {
    // One column of paragraphs; the tree reads the lower one first.
    const top = ['The first paragraph of the page sits at', 'the top of the one column it has.'];
    const low = ['The second paragraph sits below it,', 'and the tree lists it first.'];
    const pdf = await structPdf({ tree: [el('H1', { text: 'One column', x: 72, y: 760, size: 20 }), para(low, 72, 680), para(top, 72, 720)] });
    const out = await convert(pdf);
    expect(out.structure).toBe('tags');
    expect(inOrder(out.markdown, [text(top), text(low)])).toBe(true);
  });

  it('keeps the layout order when the tree holds too little of the page', async () => {
    // The right column is painted as artifacts: the tree, trusted (it holds half the text), holds too little to order the page.
    const pdf = await structPdf({ tree: [TITLE, para(L1, 72, 720), para(L2, 72, 670)], artifacts: [...textAt(R1, 320, 720), ...textAt(R2, 320, 670)] });
    const out = await convert(pdf);
    expect(out.structure).toBe('tags');
    expect(out.markdown).not.toContain(`${text(L1)}\n\n${text(L2)}\n\n${text(R1)}`);
  });
});

describeInBrowser('reading order of a Chromium print', () => {
  const main = [1, 2, 3, 4].map((i) => `Paragraph ${i} of the main text runs long enough to wrap over several lines of the narrow column it is set in.`);
  const side = 'Sidebar: a note set beside the main text, which the document lists after it.';
  const html = `<h1>Sidebar page</h1>${main.map((t) => `<p style="width:60%">${t}</p>`).join('')}`
    + `<div style="position:absolute;top:90px;right:20px;width:30%;border:1px solid #888;padding:6px"><p>${side}</p></div>`;

  it.each(['auto', 'pdfjs'] as const)('reads a sidebar placed beside the text after it, as the tree does (%s reader)', async (textReader) => {
    const out = await convert(new Uint8Array(await printHtml(html)), { textReader });
    expect(out.structure).toBe('tags');
    expect(out.markdown).toBe(`# Sidebar page\n\n${[...main, side].join('\n\n')}\n`);
    // Untagged, the layout reads the sidebar's lines into the paragraph beside it.
    const untagged = await convert(new Uint8Array(await printHtml(html, 'untagged')), { textReader });
    expect(untagged.markdown).not.toContain(main[1]);
  });
});
