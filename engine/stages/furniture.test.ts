import { describe, expect, it } from 'vitest';
import { furniture, furnitureKey, looksLikeFurniture } from './furniture.ts';
import { DEFAULT_CONFIG } from '../stage.ts';
import { doc, line, page, run, textLines } from '../../test/engine/build.ts';
import { lineText } from '../geometry.ts';
import { lineChunks } from '../tables/chunks.ts';

function sample(n: number) {
  const header = line(['My Report', 'acme-tool'], 40, 20);
  const footer = line([`Page ${n} of 3`], 280, 770);
  const body = textLines([`Body text on page ${n}.`, 'More body text here.'], 40, 200);
  return page(n, [header, ...body, footer]);
}

describe('furniture stage', () => {
  it('leaves no line chunks cached behind it: they would live as long as the lines, through every later stage', () => {
    const pages = [sample(1), sample(2), sample(3)];
    const first = pages[0]!.lines[1]!;
    const before = lineChunks(first);
    furniture.run(doc(pages), DEFAULT_CONFIG);
    // The cache is keyed by line: a chunk list still cached would come back as the same array.
    expect(lineChunks(first)).not.toBe(before);
    expect(lineChunks(first)).toEqual(before);
  });

  it('removes running headers and "Page n of N" footers repeated across pages', () => {
    const out = furniture.run(doc([sample(1), sample(2), sample(3)]), DEFAULT_CONFIG);
    for (const p of out.pages) {
      expect(p.lines.map(lineText)).toEqual([`Body text on page ${p.number}.`, 'More body text here.']);
    }
  });

  it('keeps body lines that repeat in the middle of the page', () => {
    const pages = [1, 2, 3].map((n) => page(n, textLines(['Repeated sentence in the body.'], 40, 400)));
    const out = furniture.run(doc(pages), DEFAULT_CONFIG);
    expect(out.pages.every((p) => p.lines.length === 1)).toBe(true);
  });

  it('drops a bare page number at the bottom edge even on a single page', () => {
    const p = page(1, [...textLines(['Only page.'], 40, 100), line(['7'], 300, 780)]);
    expect(furniture.run(doc([p]), DEFAULT_CONFIG).pages[0]!.lines.map(lineText)).toEqual(['Only page.']);
  });

  it('drops a bare folio set well above the bottom edge (LaTeX A4) or in Arabic-Indic digits, but not other last lines there', () => {
    // Page height 800: the folio's top at y 690 is 0.14 of the height from the bottom, outside the 12% band.
    const folio = (n: string) => page(1, [...textLines(['Body text.', 'More body text.'], 40, 600), line([n], 300, 690)]);
    expect(furniture.run(doc([folio('12')]), DEFAULT_CONFIG).pages[0]!.lines.map(lineText)).toEqual(['Body text.', 'More body text.']);
    expect(furniture.run(doc([folio('٥')]), DEFAULT_CONFIG).pages[0]!.lines.map(lineText)).toEqual(['Body text.', 'More body text.']);
    // A date or a word in that place is body text; so is a bare number farther in (a table's last cell).
    expect(furniture.run(doc([folio('2026-11-24')]), DEFAULT_CONFIG).pages[0]!.lines).toHaveLength(3);
    const deep = page(1, [...textLines(['Body text.'], 40, 400), line(['12'], 300, 600)]);
    expect(furniture.run(doc([deep]), DEFAULT_CONFIG).pages[0]!.lines).toHaveLength(2);
  });

  it('removes a page counter set larger than small body text, but keeps a big repeated heading', () => {
    const pages = [1, 2, 3].map((n) => page(n, [
      line(['Chapter'], 40, 30, { fontSize: 20 }),
      ...textLines(['tiny body text', 'more tiny text'], 40, 200, { fontSize: 6 }),
      line([`Page ${n} of 3`], 280, 770, { fontSize: 8 }),
    ]));
    const out = furniture.run(doc(pages), DEFAULT_CONFIG);
    expect(out.pages.map((p) => p.lines.map(lineText))).toEqual([1, 2, 3].map(() => ['Chapter', 'tiny body text', 'more tiny text']));
  });

  it('normalises digits and recognises dates, URLs and counters', () => {
    expect(furnitureKey('Page 3 of 12')).toBe(furnitureKey('Page 4 of 12'));
    // A Persian running header: folio in Persian digits, chapter number in Arabic-Indic ones.
    expect(furnitureKey('۴ ١ دیباچه')).toBe(furnitureKey('۵ ١ دیباچه'));
    expect(looksLikeFurniture('11/22/26, 4:18 AM')).toBe(true);
    expect(looksLikeFurniture('http://docs.example.org/x.html 3/12')).toBe(true);
    expect(looksLikeFurniture('11/22/26, 4:20 AM psmisc')).toBe(true);
    expect(looksLikeFurniture('Introduction')).toBe(false);
  });

  // Page height 800: the 12% band ends at y 96, the folio band at 160 (from the top; 640 from the bottom).
  it('drops a running header set lower than the band (a book class on A4), apart from the text and recurring', () => {
    const pages = [1, 2, 3].map((n) => page(n, [
      line([`${2 * n + 16}`, 'Typesetting Text'], 40, 100, { bold: true }),
      ...textLines([`Body text of page ${n}, which goes on`, 'over a second line.'], 40, 130),
    ]));
    for (const p of furniture.run(doc(pages), DEFAULT_CONFIG).pages) {
      expect(p.lines.map(lineText)).toEqual([`Body text of page ${p.number}, which goes on`, 'over a second line.']);
    }
  });

  it('keeps first and last lines of text there that read alike but are set at the leading of the text', () => {
    // A full page's text starts and ends at the same height on every page; "page 109." and "page 110." fold alike.
    const pages = [1, 2, 3].map((n) => page(n, [
      ...textLines([`Section ${n} goes on here,`, 'and then the text runs down the page'], 40, 100),
      ...textLines(['to the end of a paragraph, described on', `page ${108 + n}.`], 40, 676),
    ]));
    for (const p of furniture.run(doc(pages), DEFAULT_CONFIG).pages) expect(p.lines).toHaveLength(4);
  });

  it("keeps a table's header repeated where a page opens, set apart from its rows as running headers are", () => {
    const row = (y: number, cells: string[]) => line(cells.map((c, i) => run(c, 40 + 160 * i, y)), 40, y);
    const pages = [1, 2, 3].map((n) => page(n, [
      row(100, ['Name', 'Count', 'Share']),
      ...[0, 1, 2, 3].map((k) => row(122 + 14 * k, [`Row ${4 * n + k}`, `${10 * n + k}`, `${k}.${n}%`])),
      ...textLines(['Text under the table.'], 40, 300),
    ]));
    for (const p of furniture.run(doc(pages), DEFAULT_CONFIG).pages) expect(p.lines.map(lineText)[0]).toMatch(/^Name/);
  });

  it("drops a header's last line that reaches past the band under lines in it, when set apart from the text (a slide's)", () => {
    // A slide 255 pt high scaled to 800: folio, author and course at the top right, the last line ending past y 96.
    const pages = [1, 2, 3].map((n) => page(n, [
      line([String(n + 1)], 540, 14),
      line(['Marei Peischl'], 400, 78),
      line(['LaTeX courses and support'], 400, 90),
      ...textLines([`Slide ${n} text, which runs on`, 'over a second line.'], 40, 124),
    ]));
    for (const p of furniture.run(doc(pages), DEFAULT_CONFIG).pages) {
      expect(p.lines.map(lineText)).toEqual([`Slide ${p.number} text, which runs on`, 'over a second line.']);
    }
  });

  it('keeps rows of a table that run through the band and the line next to it (a matrix at a page foot)', () => {
    // Octave's manual: the matrix's last rows sit in the bottom band (from y 704), its first just outside, under text.
    const row = (y: number, cells: string[]) => line(cells.map((c, i) => run(c, 200 + 40 * i, y)), 200, y);
    const pages = [1, 2, 3].map((n) => page(n, [
      ...textLines(['The example gives this matrix:'], 40, 666),
      row(690, ['0', '2', '7', `${n}2`]), row(704, ['0', '0', '3', '8']), row(718, ['0', '0', '0', '4']),
    ]));
    for (const p of furniture.run(doc(pages), DEFAULT_CONFIG).pages) expect(p.lines).toHaveLength(4);
  });

  it("drops a verso page's header and a recto page's, each found on only half of a short paper's pages", () => {
    // Seven pages: the authors over the even ones, the title over the odd ones after the first; 3 of 7 pages each.
    const words = ['alpha', 'beta', 'gamma', 'delta', 'epsilon', 'zeta', 'eta'];
    const text = (n: number) => Array.from({ length: 30 }, (_, k) => `${words[(n + k) % 7]} text of line ${k}`);
    const pages = [1, 2, 3, 4, 5, 6, 7].map((n) => page(n, [
      ...(n === 1 ? [] : [line([n % 2 ? 'The Name of the Title' : 'Trovato et al.', String(n)], 40, 40, { fontSize: 7 })]),
      ...textLines(text(n), 40, 80),
    ]));
    for (const p of furniture.run(doc(pages), DEFAULT_CONFIG).pages) expect(p.lines.map(lineText)).toEqual(text(p.number));
  });

  it('keeps a line of filler text found at one height on every other page, in the band but at the leading of the text', () => {
    const filler = 'Montreal welcomes Digital Audio Effects, we simply love them.';
    const words = ['alpha', 'beta', 'gamma', 'delta', 'epsilon', 'zeta', 'eta'];
    const text = (n: number) => Array.from({ length: 30 }, (_, k) => `${words[(n + k) % 7]} text of line ${k}`);
    const pages = [1, 2, 3, 4, 5, 6, 7].map((n) => page(n, textLines([n % 2 ? `Odd page ${words[n - 1]} text,` : filler, ...text(n)], 40, 60)));
    for (const p of furniture.run(doc(pages), DEFAULT_CONFIG).pages) expect(p.lines).toHaveLength(31);
  });

  it("drops a footer of two lines in small print above the band, apart from the text (a conference's notice)", () => {
    const text = Array.from({ length: 40 }, (_, k) => `line ${k} of the text, which runs down the page`);
    const pages = [1, 2, 3].map((n) => page(n, [
      ...textLines(text, 40, 100),
      ...textLines(['Intended for submission to a conference, please do not distribute.', `© 2022, A. Author, ${n}`], 40, 676, { fontSize: 7 }, 8),
    ]));
    for (const p of furniture.run(doc(pages), DEFAULT_CONFIG).pages) expect(p.lines.map(lineText)).toEqual(text);
  });

  it("keeps a footnote's mark set on a line of its own there, though it recurs at one height", () => {
    const text = Array.from({ length: 40 }, (_, k) => `line ${k} of the text, which runs down the page`);
    const pages = [1, 2, 3].map((n) => page(n, [
      ...textLines(text, 40, 100),
      line(['1'], 40, 676, { fontSize: 7 }),
      line([`http://example.org/page-${'abc'[n - 1]}`], 40, 684, { fontSize: 7 }),
    ]));
    for (const p of furniture.run(doc(pages), DEFAULT_CONFIG).pages) expect(p.lines).toHaveLength(42);
  });

  it('drops a footer whose fixed part recurs while the part set apart from it changes from page to page', () => {
    const tails = ['Page 1.', 'Page 2.', 'August 19-25, Task 1, Page 5.', 'September 2-8, Task 3, Page 9.'];
    const pages = tails.map((tail, i) => {
      const fixed = run('FTC 9773, Robocracy, Engineering Notebook.', 57, 758);
      const changing = run(tail, 555 - tail.length * 5, 758);
      const footer = { runs: [fixed, changing], box: { x0: 57, y0: 758, x1: 555, y1: 768 } };
      return page(i + 1, [...textLines([`Body text on page ${i + 1}.`, 'More body text here.'], 57, 300), footer], { height: 842 });
    });
    const out = furniture.run(doc(pages), DEFAULT_CONFIG);
    for (const p of out.pages) expect(p.lines.map(lineText)).toEqual([`Body text on page ${p.number}.`, 'More body text here.']);
  });

  it('keeps footnotes at the page foot: a bare mark recurring there keys no part', () => {
    const notes = ['See the report of 2019 for the method.', 'Counted again in the second survey.', 'Figures are rounded to the unit.', 'Excluding the overseas territories.'];
    const pages = notes.map((note, i) => {
      const footnote = { runs: [run('1', 57, 758), run(note, 80, 758)], box: { x0: 57, y0: 758, x1: 80 + note.length * 5, y1: 768 } };
      return page(i + 1, [...textLines([`Body text on page ${i + 1}.`, 'More body text here.'], 57, 300), footnote], { height: 842 });
    });
    const out = furniture.run(doc(pages), DEFAULT_CONFIG);
    for (const p of out.pages) expect(p.lines).toHaveLength(3);
  });

  it("drops a chapter's running header on only a few pages when its number counts the pages, and keeps a listing's", () => {
    const header = (n: number, text: string, mono = false) => line([text], 57, 40, { monospace: mono });
    const body = (n: number) => textLines([`Body text on page ${n}.`, 'More body text here.'], 57, 300);
    const pages = Array.from({ length: 12 }, (_, i) => {
      const n = i + 1;
      if (n === 2 || n === 3) return page(n, [header(n, `Chapter 1. Introduction ${n}`), ...body(n)], { height: 842 });
      if (n === 6 || n === 7) return page(n, [header(n, `GLPK 4.42 - SENSITIVITY ANALYSIS REPORT  Page ${n - 5}`, true), ...body(n)], { height: 842 });
      if (n === 9 || n === 10) return page(n, [header(n, 'Table 3 continued'), ...body(n)], { height: 842 });
      return page(n, body(n), { height: 842 });
    });
    const out = furniture.run(doc(pages), DEFAULT_CONFIG).pages;
    expect(out[1]!.lines.map(lineText)).toEqual(['Body text on page 2.', 'More body text here.']);
    expect(out[2]!.lines).toHaveLength(2);
    // A listing's own page header, in a typewriter face, and a line whose number does not count the pages stay.
    expect(out[5]!.lines).toHaveLength(3);
    expect(out[8]!.lines).toHaveLength(3);
  });
});
