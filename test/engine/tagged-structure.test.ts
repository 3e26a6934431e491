/**
 * Tagged PDFs printed by Chromium: where the structure tree agrees with the
 * page, its heading levels and Figure alt texts are used and the result says
 * `structure: 'tags'`; where it contradicts the page (visible headings
 * tagged as paragraphs), the layout pipeline reads the document as if it had
 * no tags, alt texts included.
 */
import { expect, it } from 'vitest';
import { convert } from '../../engine/index.ts';
import { describeInBrowser } from '../support/chromium.ts';
import { pictureTag, printHtml, PROSE } from '../support/tagged-pdf.ts';

const print = async (body: string, tagging: 'tagged' | 'untagged' = 'tagged') => new Uint8Array(await printHtml(body, tagging));
const imageLinks = (md: string) => [...md.matchAll(/!\[((?:\\.|[^\]\\])*)\]\(([^)]+)\)/g)].map((m) => [m[1], m[2]]);
const big = (t: string) => `<p style="font-size:18pt;font-weight:bold">${t}</p>`;

describeInBrowser('tagged PDFs', () => {
  it('takes heading levels from a tree that agrees with the page', async () => {
    const out = await convert(await print(`<h1>Guide title</h1><p>${PROSE}</p><h2>First part</h2><p>${PROSE}</p><h3>A detail</h3><p>${PROSE}</p><h2>Second part</h2><p>${PROSE}</p>`));
    expect(out.structure).toBe('tags');
    expect(out.markdown).toContain('# Guide title');
    expect(out.markdown).toContain('## First part');
    expect(out.markdown).toContain('### A detail');
    expect(out.markdown).toContain('## Second part');
  });

  it.each(['auto', 'pdfjs'] as const)('keeps apart two paragraphs the tree tags apart, though the layout sets them close (%s reader)', async (textReader) => {
    // The second starts in lower case, as a sentence carried on: on the page, only the tags part it from the first.
    const next = `and so on: ${PROSE}`;
    const html = `<h1>Guide title</h1><p style="margin:0">Figure 1: The frame.</p><p style="margin:0">${next}</p><p>${PROSE}</p>`;
    const tagged = await convert(await print(html), { textReader });
    expect(tagged.structure).toBe('tags');
    expect(tagged.markdown).toContain(`\n\nFigure 1: The frame.\n\n${next}\n\n`);
    // Read by layout alone, the two are one paragraph: nothing on the page parts them.
    const untagged = await convert(await print(html, 'untagged'), { textReader });
    expect(untagged.markdown).toContain(`Figure 1: The frame. ${next}`);
  });

  it('reads an untagged print by layout', async () => {
    const out = await convert(await print(`<h1>Guide title</h1><p>${PROSE}</p>`, 'untagged'));
    expect(out.structure).toBe('layout');
  });

  it('falls back to the layout when the tree tags the visible headings as paragraphs', async () => {
    const out = await convert(await print(`${big('Installing things')}<p>${PROSE}</p>${big('Configuring things')}<p>${PROSE}</p>`));
    expect(out.structure).toBe('layout');
    expect(out.markdown).toMatch(/^#+ Installing things$/m);
    expect(out.markdown).toMatch(/^#+ Configuring things$/m);
  });
});

describeInBrowser('figure alt text in tagged PDFs', () => {
  const body = async () => `<h1>Guide title</h1><p>${PROSE}</p>${await pictureTag('A green frame around a white box')}<p>${PROSE}</p>`
    + `${await pictureTag('', '#a27')}<p>${PROSE}</p>${await pictureTag('Second [described] picture', '#27a')}<p>${PROSE}</p>`;

  it.each(['auto', 'pdfjs'] as const)('gives each picture its Figure\'s /Alt with images: files (%s reader)', async (textReader) => {
    const out = await convert(await print(await body()), { images: 'files', textReader });
    expect(out.structure).toBe('tags');
    expect(out.textReader?.backend).toBe(textReader === 'auto' ? 'direct' : 'pdfjs');
    // The picture without alt text has no caption either: it gets the plain description.
    expect(imageLinks(out.markdown)).toEqual([
      ['A green frame around a white box', 'images/p1-1.png'],
      ['Picture 2 on page 1', 'images/p1-2.png'],
      ['Second \\[described\\] picture', 'images/p1-3.png'],
    ]);
    expect(out.images?.map((i) => i.alt)).toEqual(['A green frame around a white box', 'Picture 2 on page 1', 'Second [described] picture']);
  });

  it('leaves pictures and their alt text out under the default images: omit, as for untagged prints', async () => {
    const html = await body();
    const tagged = await convert(await print(html));
    expect(tagged.structure).toBe('tags');
    expect(tagged.markdown).not.toContain('green frame');
    expect(imageLinks(tagged.markdown)).toEqual([]);
    const untagged = await convert(await print(html, 'untagged'));
    expect(tagged.markdown).toBe(untagged.markdown);
  });

  it('ignores the alt text of a tree that contradicts the page', async () => {
    const pdf = await print(`${big('Installing things')}<p>${PROSE}</p>${await pictureTag('A green frame around a white box')}${big('Configuring things')}<p>${PROSE}</p>`);
    const out = await convert(pdf, { images: 'files' });
    expect(out.structure).toBe('layout');
    expect(imageLinks(out.markdown)).toEqual([['Picture 1 on page 1', 'images/p1-1.png']]);
  });
});

describeInBrowser('table grids from tagged PDFs', () => {
  const TABLE = '<table style="border-collapse:collapse"><thead><tr><th>Name</th><th>Meaning</th><th>Default</th></tr></thead><tbody>'
    + '<tr><td>alpha</td><td style="width:120px">first letter of the Greek alphabet, written as a small sign</td><td>1</td></tr>'
    + '<tr><td>beta</td><td>second</td><td>2</td></tr><tr><td>gamma</td><td>third</td><td>3</td></tr></tbody></table>';

  // Untagged, today's layout detection splits the cell of several lines into three rows.
  it.each(['auto', 'pdfjs'] as const)('takes rows, header cells and a cell of several lines from the tree (%s reader)', async (textReader) => {
    const out = await convert(await print(`<h1>Letters</h1><p>${PROSE}</p>${TABLE}<p>${PROSE}</p>`), { textReader });
    expect(out.structure).toBe('tags');
    expect(out.markdown).toContain([
      '| **Name** | **Meaning** | **Default** |',
      '| --- | --- | --- |',
      '| alpha | first letter of the Greek alphabet, written as a small sign | 1 |',
      '| beta | second | 2 |',
      '| gamma | third | 3 |',
    ].join('\n'));
  });

  // Chromium writes no TD for an empty cell; untagged, the layout splits the cell of several lines.
  const SHORT_ROWS = '<table style="border-collapse:collapse"><thead><tr><th>Name</th><th>Meaning</th><th>Default</th></tr></thead><tbody>'
    + '<tr><td>alpha</td><td style="width:120px">first letter of the Greek alphabet, written as a small sign</td><td></td></tr>'
    + '<tr><td>beta</td><td></td><td>2</td></tr><tr><td></td><td>third</td><td>3</td></tr></tbody></table>';

  it.each(['auto', 'pdfjs'] as const)('places the cells of rows that leave out empty cells in their columns (%s reader)', async (textReader) => {
    const out = await convert(await print(`<h1>Letters</h1><p>${PROSE}</p>${SHORT_ROWS}<p>${PROSE}</p>`), { textReader });
    expect(out.structure).toBe('tags');
    expect(out.markdown).toContain([
      '| **Name** | **Meaning** | **Default** |',
      '| --- | --- | --- |',
      '| alpha | first letter of the Greek alphabet, written as a small sign |  |',
      '| beta |  | 2 |',
      '|  | third | 3 |',
    ].join('\n'));
  });
});
