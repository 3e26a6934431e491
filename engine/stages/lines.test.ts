import { describe, expect, it } from 'vitest';
import { buildLines, splitAtGaps } from './lines.ts';
import { page, run } from '../../test/engine/build.ts';
import { lineText } from '../geometry.ts';

describe('lines stage', () => {
  it('groups runs on one baseline into a line, sorted by x, with geometric spaces', () => {
    const p = page(1, []);
    p.runs = [run('world', 60, 100), run('Hello', 20, 100.5), run('Next', 20, 114)];
    const lines = buildLines(p);
    expect(lines.map(lineText)).toEqual(['Hello world', 'Next']);
  });

  it("keeps a smaller word with the words it touches when the next column's baselines lie nearer (Federal Register small capitals)", () => {
    // Three columns on baselines of their own; the small capitals sit a little below their line's centre.
    const p = page(1, []);
    const listed = run('listed under the', 399, 233.3, { fontSize: 9 });
    const caps = run('ADDRESSES', listed.box.x1 + 2.5, 234.65, { fontSize: 6.9, bold: true });
    p.runs = [
      run('deviations to RC steps, including substeps', 45, 236.03, { fontSize: 8 }),
      run('The FAA must receive comments', 251.9, 230, { fontSize: 9 }),
      listed, caps, run('section.', caps.box.x1 + 2.5, 233.3, { fontSize: 9 }),
    ];
    const texts = buildLines(p).map(lineText);
    expect(texts.find((t) => t.includes('listed under the'))).toContain('listed under the ADDRESSES section.');
    expect(texts.find((t) => t.includes('deviations'))).not.toContain('ADDRESSES');
  });

  it('does not add a space between touching runs (ligature fragments)', () => {
    const p = page(1, []);
    const a = run('con', 20, 100);
    p.runs = [a, run('fi', a.box.x1, 100), run('g', a.box.x1 + 10, 100)];
    expect(lineText(buildLines(p)[0]!)).toBe('config');
  });

  it('orders right-to-left runs from the right', () => {
    const p = page(1, []);
    p.runs = [run('שלום', 100, 100, { dir: 'rtl' }), run('עולם', 20, 100, { dir: 'rtl' })];
    expect(lineText(buildLines(p)[0]!)).toBe('שלום עולם');
  });

  it('spaces a right-to-left word from a Latin one at a tight justified gap, but not two pieces of one word', () => {
    // Visual order, left to right, 0.14 em apart (xepersian's justified spaces): چگونه | LaTeX | که.
    const tight = (prev: { box: { x1: number } }) => prev.box.x1 + 1.4;
    const p = page(1, []);
    const left = run('چگونه', 20, 100, { dir: 'rtl' });
    const latin = run('LaTeX', tight(left), 100, { fontName: 'Latin' });
    p.runs = [left, latin, run('که', tight(latin), 100, { dir: 'rtl' })];
    expect(lineText(buildLines(p)[0]!)).toBe('که LaTeX چگونه');
    // One word whose letters came as two runs (a font change inside it): كتاب, its second half drawn to the left.
    const q = page(1, []);
    const end = run('اب', 20, 100, { dir: 'rtl' });
    q.runs = [end, run('كت', tight(end), 100, { dir: 'rtl', fontName: 'Other' })];
    expect(lineText(buildLines(q)[0]!)).toBe('كتاب');
  });

  it('keeps a section number in Persian digits whole, though the reader spaced its separators', () => {
    const p = page(1, []);
    const title = run('تک', 20, 100, { dir: 'rtl' });
    p.runs = [title, run('۱. ۱ . ۲', title.box.x1 + 12, 100)];
    expect(lineText(buildLines(p)[0]!)).toBe('۱.۱.۲ تک');
  });

  it('reads vertical text top to bottom, columns right to left', () => {
    const p = page(1, []);
    const v = (t: string, x: number, y: number) => ({ ...run(t, x, y), dir: 'ttb' as const, box: { x0: x, y0: y, x1: x + 10, y1: y + 10 } });
    p.runs = [v('二', 100, 20), v('一', 100, 10), v('三', 80, 10)];
    expect(buildLines(p).map(lineText)).toEqual(['一二', '三']);
  });

  it('splits a line at a gutter-sized gap', () => {
    const p = page(1, []);
    p.runs = [run('left', 20, 100), run('right', 300, 100)];
    const [l] = buildLines(p);
    expect(splitAtGaps(l!).map(lineText)).toEqual(['left', 'right']);
  });

  it('keeps small code inside a heading on the heading line, even beside a smaller column line', () => {
    const p = page(1, []);
    // Figures from a two-column browser print: "Class: Crypto", with the other column's line at nearly the same height.
    const at = (r: ReturnType<typeof run>, y0: number, y1: number) => ({ ...r, box: { ...r.box, y0, y1 } });
    p.runs = [
      at(run('Class:', 40, 0, { fontSize: 11.7, bold: true }), 282.7, 296.3),
      at(run('Crypto', 83, 0, { fontSize: 6.9, bold: true, monospace: true }), 287.2, 295.2),
      at(run('additional algorithm-specific parameters.', 306, 0, { fontSize: 7.5 }), 282.7, 291),
    ];
    expect(buildLines(p).map(lineText)[0]).toBe('Class: Crypto additional algorithm-specific parameters.');
  });

  it('drops text turned sideways in a side margin, and keeps turned text among the page text', () => {
    const p = page(1, []);
    const turned = (t: string, x: number, y0: number, y1: number) => ({ ...run(t, x, 0), rotation: 270, box: { x0: x, y0, x1: x + 10, y1 } });
    p.runs = [run('Body text of the page', 60, 100), run('More body text', 60, 114), turned('printed by someone', 20, 80, 300), turned('Header', 150, 60, 95)];
    expect(buildLines(p).map(lineText)).toEqual(['Header', 'Body text of the page', 'More body text']);
  });

  it('marks a smaller raised run beside a word as a superscript, on its own row or not', () => {
    const p = page(1, []);
    const a = run('a', 20, 100);
    // "2" at 7 pt raised 4 pt (the line's baseline is at 108): a row of its own by vertical centre.
    const sup = { ...run('2', a.box.x1, 0, { fontSize: 7 }), box: { x0: a.box.x1, y0: 98.4, x1: a.box.x1 + 4, y1: 105.4 } };
    p.runs = [a, sup, run('+ 8 = 12', a.box.x1 + 7, 100)];
    const [l, ...rest] = buildLines(p);
    expect(rest).toEqual([]);
    expect(l!.runs.map((r) => [r.text, r.script])).toEqual([['a', undefined], ['2', 'sup'], [' + 8 = 12', undefined]]);
  });

  it('takes a raised mark a word space after a word as its superscript, not a line of its own', () => {
    const p = page(1, []);
    const word = run('LaTeX', 20, 100);
    // "1" at 7 pt raised 4 pt, half an em from the words on either side: TeX's footnote mark after a logo.
    const mark = { ...run('1', 0, 0, { fontSize: 7 }), box: { x0: word.box.x1 + 5, y0: 98.4, x1: word.box.x1 + 9, y1: 105.4 } };
    p.runs = [word, mark, run('is a markup language', word.box.x1 + 14, 100)];
    const ls = buildLines(p);
    expect(ls).toHaveLength(1);
    expect(ls[0]!.runs.map((r) => [r.text.trim(), r.script])).toEqual([['LaTeX', undefined], ['1', 'sup'], ['is a markup language', undefined]]);
  });

  it('keeps authors\' marks by their names when a dagger among them stands taller than the digits (AASTeX)', () => {
    const p = page(1, []);
    // Names at 9 pt (box 166.4–172.8); marks at 6 pt: digits 164.2–168.4, the dagger 162.7–168.4.
    const name = (t: string, x: number) => ({ ...run(t, x, 0, { fontSize: 9 }), box: { x0: x, y0: 166.4, x1: x + t.length * 4.5, y1: 172.8 } });
    const mark = (t: string, x: number, y0: number) => ({ ...run(t, x, 0, { fontSize: 6 }), box: { x0: x, y0, x1: x + t.length * 3, y1: 168.4 } });
    const burton = name('Butler Burton,', 100), amy = name('Amy Hendrickson,', 180);
    const julie = name('Julie Steffen,', amy.box.x1 + 14);
    p.runs = [burton, mark('2, 3', burton.box.x1, 164.2), amy, mark('4,', amy.box.x1, 164.2), mark('†', amy.box.x1 + 7, 162.7), julie];
    const ls = buildLines(p);
    expect(ls).toHaveLength(1);
    expect(ls[0]!.runs.filter((r) => r.script === 'sup').map((r) => r.text.trim())).toEqual(['2, 3', '4,', '†']);
  });

  it('keeps a list of marks that runs on past its word as superscripts of the line (AIP: "Author2, d)")', () => {
    const p = page(1, []);
    // Names at 10 pt (box 87.5–96.3); marks at 7 pt (85.9–92.2): "2," touches "Author", "d)" only touches "2,".
    const word = { ...run('C. Author', 0, 0), box: { x0: 234, y0: 87.5, x1: 275.6, y1: 96.3 } };
    const mark = (t: string, x0: number, x1: number) => ({ ...run(t, 0, 0, { fontSize: 7 }), box: { x0, y0: 85.9, x1, y1: 92.2 } });
    p.runs = [word, mark('2,', 275.6, 281.8), mark('d)', 283.6, 291.1)];
    const ls = buildLines(p);
    expect(ls).toHaveLength(1);
    expect(ls[0]!.runs.map((r) => [r.text.trim(), r.script])).toEqual([['C. Author', undefined], ['2,', 'sup'], ['d)', 'sup']]);
  });

  it('takes a short run flagged monospaced (a one-glyph subset) as prose unless it touches code', () => {
    const p = page(1, []);
    const flagged = (t: string, x: number) => run(t, x, 100, { monospace: true, fontName: 'XYZABC+MathItalic' });
    const a = flagged('a', 20);
    p.runs = [a, run(' + 8 = 12', a.box.x1, 100), flagged('‛', 200), run('.txt', 205, 100, { monospace: true, fontName: 'LiberationMono' })];
    expect(buildLines(p)[0]!.runs.map((r) => [r.text.trim(), r.monospace])).toEqual([['a', false], ['+ 8 = 12', false], ['‛', true], ['.txt', true]]);
  });
});
