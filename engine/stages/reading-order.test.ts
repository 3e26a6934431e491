import { describe, expect, it } from 'vitest';
import { findGutters, readingOrder } from './reading-order.ts';
import { DEFAULT_CONFIG } from '../stage.ts';
import { doc, line, page, textLines } from '../../test/engine/build.ts';
import { lineText } from '../geometry.ts';
import type { Line } from '../model.ts';

/** Two columns whose rows share baselines, so each row arrives as one full-width line. */
function twoColumnRows(y: number, n: number, tag: string): Line[] {
  return Array.from({ length: n }, (_, i) => {
    const l = line([`${tag}L${i} left column text`], 40, y + i * 12);
    const r = line([`${tag}R${i} right column text`], 320, y + i * 12);
    return { runs: [...l.runs, ...r.runs], box: { x0: 40, y0: l.box.y0, x1: r.box.x1, y1: l.box.y1 } };
  });
}

describe('readingOrder stage', () => {
  it('finds the gutter of a two-column page', () => {
    const g = findGutters(twoColumnRows(100, 8, ''), 600);
    expect(g).toHaveLength(1);
    expect(g[0]!.x0).toBeGreaterThanOrEqual(130);
    expect(g[0]!.x1).toBeLessThanOrEqual(320);
  });

  it('reads the left column, then the right, with a full-width title first', () => {
    const title = line(['A title that runs across both of the columns of this page'], 40, 60, { fontSize: 10 });
    const p = page(1, [title, ...twoColumnRows(100, 6, '')]);
    const out = readingOrder.run(doc([p]), DEFAULT_CONFIG).pages[0]!.lines.map(lineText);
    expect(out[0]).toMatch(/^A title/);
    expect(out.slice(1, 7).every((t) => t.includes('left'))).toBe(true);
    expect(out.slice(7).every((t) => t.includes('right'))).toBe(true);
  });

  it('restarts the columns after a full-width element between two bands', () => {
    const wide = line(['Full width separator line that crosses the gutter completely'], 40, 200);
    const p = page(1, [...twoColumnRows(100, 5, 'a'), wide, ...twoColumnRows(230, 5, 'b')]);
    const out = readingOrder.run(doc([p]), DEFAULT_CONFIG).pages[0]!.lines.map(lineText);
    const idx = (s: string) => out.findIndex((t) => t.startsWith(s));
    expect(idx('aR4')).toBeLessThan(idx('Full width'));
    expect(idx('Full width')).toBeLessThan(idx('bL0'));
    expect(idx('bL4')).toBeLessThan(idx('bR0'));
  });

  it('handles three columns', () => {
    const rows = Array.from({ length: 8 }, (_, i) => {
      const parts = [line([`c1 ${i} text`], 40, 100 + i * 12), line([`c2 ${i} text`], 230, 100 + i * 12), line([`c3 ${i} text`], 420, 100 + i * 12)];
      const runs = parts.flatMap((l) => l.runs);
      return { runs, box: { x0: 40, y0: parts[0]!.box.y0, x1: parts[2]!.box.x1, y1: parts[0]!.box.y1 } };
    });
    const out = readingOrder.run(doc([page(1, rows)]), DEFAULT_CONFIG).pages[0]!.lines.map(lineText);
    expect(out.map((t) => t.slice(0, 2))).toEqual([...Array(8).fill('c1'), ...Array(8).fill('c2'), ...Array(8).fill('c3')]);
  });

  it('leaves a single-column page in top-to-bottom order', () => {
    const p = page(1, textLines(['one', 'two', 'three'], 40, 100));
    expect(readingOrder.run(doc([p]), DEFAULT_CONFIG).pages[0]!.lines.map(lineText)).toEqual(['one', 'two', 'three']);
  });

  it('keeps a line that overflows its column into the gutter in its column', () => {
    const left = textLines(['left one', 'left two', 'left three', 'left four', 'left five', 'left six'], 40, 100);
    const right = textLines(['right one', 'right two', 'right three', 'right four', 'right five', 'right six', 'right seven', 'right eight'], 320, 100);
    // A long token from the left column runs on past the gutter, its line between two right-column lines.
    const overflow = line(['DEBUG=connect:bodyParser,connect:compress,connect:session'], 40, 178);
    const tail = textLines(['left seven', 'left eight'], 40, 190);
    const p = page(1, [...left, ...right, overflow, ...tail].sort((a, b) => a.box.y0 - b.box.y0));
    const out = readingOrder.run(doc([p]), DEFAULT_CONFIG).pages[0]!.lines.map(lineText);
    expect(out.indexOf('left eight')).toBeLessThan(out.indexOf('right one'));
    expect(out.indexOf('left six')).toBeLessThan(out.findIndex((t) => t.startsWith('DEBUG')));
  });

  it('sees one gutter, not two, when a justified word gap leaves a second free strip beside it', () => {
    const right = textLines(Array.from({ length: 30 }, (_, i) => `right column line ${i}`), 307, 100, {}, 13);
    const short = textLines(Array.from({ length: 6 }, (_, i) => `short ${i}`), 40, 100, {}, 24);
    const full = Array.from({ length: 4 }, (_, i) => line(['x'.repeat(49)], 40, 112 + i * 24)).map((l) => ({ ...l, runs: l.runs.map((r) => ({ ...r, box: { ...r.box, x1: 288 } })), box: { ...l.box, x1: 288 } }));
    // A justified line whose last word sits apart: nothing else crosses 230..264.
    const gap = line(['y'.repeat(38), 'faster'], 40, 300);
    gap.runs[1] = { ...gap.runs[1]!, box: { ...gap.runs[1]!.box, x0: 264, x1: 288 } };
    const g = findGutters([...short, ...full, gap, ...right], 600);
    expect(g).toHaveLength(1);
    expect(g[0]!.x1).toBeGreaterThanOrEqual(300);
  });

  it('reads a short spanning heading between two bands even when the next band starts right under it', () => {
    const top = [...textLines(['a left 1', 'a left 2', 'a left 3', 'a left 4', 'a left 5'], 40, 100), ...textLines(['a right 1', 'a right 2', 'a right 3'], 320, 100)];
    const heading = line(['OPTIONS'], 40, 170, { fontSize: 20, bold: true });
    // The right column resumes 6pt under the heading; the left one after a subheading gap.
    const bottom = [...textLines(['b right 1', 'b right 2', 'b right 3', 'b right 4', 'b right 5'], 320, 196), ...textLines(['b left 1', 'b left 2', 'b left 3'], 40, 214)];
    const p = page(1, [...top, heading, ...bottom].sort((a, b) => a.box.y0 - b.box.y0));
    const out = readingOrder.run(doc([p]), DEFAULT_CONFIG).pages[0]!.lines.map(lineText);
    expect(out.indexOf('OPTIONS')).toBeGreaterThan(out.indexOf('a right 3'));
    expect(out.indexOf('OPTIONS')).toBeLessThan(out.indexOf('b left 1'));
  });

  it('keeps a column heading in its column when the other column only pauses beside it', () => {
    const left = [...textLines(['l1', 'l2', 'l3', 'l4'], 40, 100), line(['Braces'], 40, 158, { fontSize: 14, bold: true }), ...textLines(['l5', 'l6', 'l7'], 40, 180)];
    // The right column's code block ends 5pt above the heading; its next heading starts level with the left text.
    const right = [...textLines(['r1', 'r2', 'r3', 'r4', 'r5'], 320, 100, {}, 10.5), line(['Notes'], 320, 178, { fontSize: 16, bold: true }), ...textLines(['r6', 'r7'], 320, 200)];
    const p = page(1, [...left, ...right].sort((a, b) => a.box.y0 - b.box.y0));
    const out = readingOrder.run(doc([p]), DEFAULT_CONFIG).pages[0]!.lines.map(lineText);
    expect(out.indexOf('Braces')).toBeLessThan(out.indexOf('r1'));
  });
});

describe('readingOrder: a two-column part under full-width text', () => {
  const prose = (tag: string, n: number) => Array.from({ length: n }, (_, i) => `${tag}${i} words run on in this column`);
  /** Full-width lines, then left and right stacks whose rows share baselines, then full-width lines again. */
  function mixedPage(dir: 'ltr' | 'rtl' = 'ltr') {
    const top = textLines(prose('top', 4).map((t) => `${t} across the whole page width`), 40, 60, { dir });
    const rows = Array.from({ length: 6 }, (_, i) => {
      const l = line([`L${i} left column words here`], 40, 120 + i * 12, { dir });
      const r = line([`R${i} right column words here`], 320, 120 + i * 12, { dir });
      return { runs: [...l.runs, ...r.runs], box: { x0: 40, y0: l.box.y0, x1: r.box.x1, y1: l.box.y1 } };
    });
    const bottom = textLines(prose('end', 3).map((t) => `${t} across the whole page width`), 40, 200, { dir });
    return page(1, [...top, ...rows, ...bottom]);
  }

  it('reads the left stack, then the right one, only inside the part', () => {
    const out = readingOrder.run(doc([mixedPage()]), DEFAULT_CONFIG).pages[0]!.lines.map(lineText);
    expect(out.slice(0, 4).every((t) => t.startsWith('top'))).toBe(true);
    expect(out.slice(4, 10).every((t) => t.startsWith('L'))).toBe(true);
    expect(out.slice(10, 16).every((t) => t.startsWith('R'))).toBe(true);
    expect(out.slice(16).every((t) => t.startsWith('end'))).toBe(true);
  });

  it('reads the right stack first on a right-to-left page', () => {
    const out = readingOrder.run(doc([mixedPage('rtl')]), DEFAULT_CONFIG).pages[0]!.lines.map(lineText);
    expect(out.slice(4, 10).every((t) => t.startsWith('R'))).toBe(true);
    expect(out.slice(10, 16).every((t) => t.startsWith('L'))).toBe(true);
  });

  it('keeps a label/value list under full-width text row by row', () => {
    const top = textLines(prose('top', 4).map((t) => `${t} across the whole page width`), 40, 60);
    const labels = ['Name', 'Date of birth', 'Address', 'Phone', 'Email', 'Occupation'];
    const rows = labels.map((k, i) => {
      const l = line([k], 40, 120 + i * 12);
      const r = line([`value ${i} of the field, written out at some length`], 320, 120 + i * 12);
      return { runs: [...l.runs, ...r.runs], box: { x0: 40, y0: l.box.y0, x1: r.box.x1, y1: l.box.y1 } };
    });
    const p = page(1, [...top, ...rows]);
    const out = readingOrder.run(doc([p]), DEFAULT_CONFIG).pages[0]!.lines.map(lineText);
    expect(out.slice(4)).toEqual(rows.map(lineText));
  });

  it('keeps a monospace option list (two stacks in a code block) row by row', () => {
    const top = textLines(prose('top', 4).map((t) => `${t} across the whole page width`), 40, 60);
    const rows = Array.from({ length: 6 }, (_, i) => {
      const l = line([`-${i}, --option-${i} VALUE`], 40, 120 + i * 12, { monospace: true });
      const r = line([`sets the option number ${i} to the value`], 320, 120 + i * 12, { monospace: true });
      return { runs: [...l.runs, ...r.runs], box: { x0: 40, y0: l.box.y0, x1: r.box.x1, y1: l.box.y1 } };
    });
    const out = readingOrder.run(doc([page(1, [...top, ...rows])]), DEFAULT_CONFIG).pages[0]!.lines.map(lineText);
    expect(out.slice(4)).toEqual(rows.map(lineText));
  });
});

describe('labels set apart from their text', () => {
  /** A column of prose on the left; on the right a bibliography filling its column, each label in a box of its own. */
  function bibliographyColumn(): Line[] {
    const left = textLines(Array.from({ length: 12 }, (_, i) => `Left column prose, line ${i}, long enough to fill it.`), 40, 100, { fontSize: 7 }, 10);
    const right: Line[] = [];
    for (let n = 1; n <= 6; n++) {
      const y = 100 + (n - 1) * 20;
      const label = line([`[${n}]`], 321, y, { fontSize: 7 });
      const text = line([`Author ${n}. 2007. A title of entry ${n}, in a journal.`], 342, y, { fontSize: 7 });
      right.push({ runs: [...label.runs, ...text.runs], box: { x0: 321, y0: y, x1: text.box.x1, y1: text.box.y1 } });
      right.push(line([`Volume ${n}, pages ${n}0–${n}9.`], 342, y + 10, { fontSize: 7 }));
    }
    return [...left, ...right];
  }

  it('reads a column of entry labels with the entries: the strip between them is no gutter', () => {
    const lines = bibliographyColumn();
    expect(findGutters(lines, 600)).toHaveLength(1);
    const out = readingOrder.run(doc([page(1, lines)]), DEFAULT_CONFIG).pages[0]!;
    const texts = out.flow!.filter((f) => f.kind === 'line').map((f) => (f.kind === 'line' ? lineText(f.line) : ''));
    const first = texts.findIndex((t) => t.startsWith('[1]'));
    expect(texts[first]).toMatch(/^\[1\]\s*Author 1\./);
    expect(texts[first + 1]).toMatch(/^Volume 1,/);
  });
});
