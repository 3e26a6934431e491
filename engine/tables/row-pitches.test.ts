/**
 * Line pitches that tell wrapped cell lines from row breaks when a cell is
 * set off half a line between two others: in a two-line header (one row
 * only), and beside values centred against wrapped stubs (every row).
 */
import { describe, expect, it } from 'vitest';
import type { Block, Cell, Doc, TextRun } from '../model.ts';
import { DEFAULT_CONFIG } from '../stage.ts';
import { spansText } from './cell-text.ts';
import { tables } from './tables.ts';
import { lineBase, textBand } from './row-pitches.ts';
import type { RegionLine } from './columns.ts';
import { doc, page, run } from '../../test/support/tables/pages.ts';

type Table = Extract<Block, { kind: 'table' }>;
const tablesOf = (d: Doc): Table[] => d.pages.flatMap((p) => p.blocks.filter((b): b is Table => b.kind === 'table'));
const texts = (t: Table): string[][] => t.rows.map((r) => r.map((c: Cell) => spansText(c.spans)));

/** Cells at (x, top): one run each. */
const at = (cells: [string, number, number][], style: Partial<TextRun> = {}): TextRun[] => cells.map(([t, x, y]) => run(t, x, y, style));

describe('a cell set off half a line in a two-line header', () => {
  it('leaves the body its own pitches: lines 12 pt apart are one cell, rows 14.4 pt apart (LaTeX, zebra rows)', () => {
    const header = at([['2013', 300, 100], ['2014', 420, 100], ['Sector', 60, 107], ['Note', 120, 107], ['Total', 300, 114], ['Share', 360, 114], ['Total', 420, 114]], { bold: true });
    const body = at([
      ['Bulgaria', 60, 130], ['Rural parts of the', 120, 130], ['+8.75', 300, 130], ['60', 360, 130], ['334', 420, 130],
      ['country where', 120, 142], ['demand grew', 120, 154],
      ['Finland', 60, 168.4], ['A stronger', 120, 168.4], ['-862', 300, 168.4], ['72', 360, 168.4], ['-6.39', 420, 168.4],
      ['Lithuania', 60, 182.8], ['The committee', 120, 182.8], ['-95', 300, 182.8], ['4.04', 360, 182.8], ['-9.92', 420, 182.8],
      ['reviewed figures', 120, 194.8],
      ['Portugal', 60, 209.2], ['For the coming', 120, 209.2], ['+725', 300, 209.2], ['4,979', 360, 209.2], ['-285', 420, 209.2],
      ['period', 120, 221.2],
      ['Iceland', 60, 235.6], ['For the', 120, 235.6], ['52,483', 300, 235.6], ['73.8', 360, 235.6], ['+249', 420, 235.6],
    ]);
    const [t] = tablesOf(tables.run(doc(page([...header, ...body])), DEFAULT_CONFIG));
    const rows = texts(t!).filter((r) => r.some((c) => /\d/.test(c) && !/^20\d\d/.test(c)));
    expect(rows).toEqual([
      ['Bulgaria', 'Rural parts of the country where demand grew', '+8.75', '60', '334'],
      ['Finland', 'A stronger', '-862', '72', '-6.39'],
      ['Lithuania', 'The committee reviewed figures', '-95', '4.04', '-9.92'],
      ['Portugal', 'For the coming period', '+725', '4,979', '-285'],
      ['Iceland', 'For the', '52,483', '73.8', '+249'],
    ]);
  });
});

describe('values centred against wrapped stubs, row after row', () => {
  it('mark each row, though rows stand hardly further apart than the stub\'s lines', () => {
    // Stub lines 10.8 apart, values between them, rows 12.1 apart (a bank's rate sheet).
    const runs: TextRun[] = at([['Product', 60, 90], ['Rate', 250, 90], ['Comparison', 330, 90]], { bold: true });
    let y = 105;
    for (const [stub, rate, cmp] of [['1 Year Fixed Interest', '4.04%', '5.38%'], ['2 Year Fixed Interest', '3.94%', '5.25%'], ['3 Year Fixed Interest', '3.94%', '5.13%'], ['4 Year Fixed Interest', '4.24%', '5.12%']]) {
      runs.push(...at([[stub!, 60, y], [rate!, 250, y + 5.4], [cmp!, 330, y + 5.4], ['Only Rate', 60, y + 10.8]]));
      y += 10.8 + 12.1;
    }
    // A last row after a wider gap: the lines of text alone have a long mode too.
    y += 12;
    runs.push(...at([['5 Year Fixed Interest', 60, y], ['4.24%', 250, y + 5.4], ['5.04%', 330, y + 5.4], ['Only Rate', 60, y + 10.8]]));
    const [t] = tablesOf(tables.run(doc(page(runs)), DEFAULT_CONFIG));
    expect(texts(t!).slice(1)).toEqual([
      ['1 Year Fixed Interest Only Rate', '4.04%', '5.38%'],
      ['2 Year Fixed Interest Only Rate', '3.94%', '5.25%'],
      ['3 Year Fixed Interest Only Rate', '3.94%', '5.13%'],
      ['4 Year Fixed Interest Only Rate', '4.24%', '5.12%'],
      ['5 Year Fixed Interest Only Rate', '4.24%', '5.04%'],
    ]);
  });
});

describe('a line\'s baseline', () => {
  const line = (runs: TextRun[]): RegionLine => ({ chunks: runs.map((r) => ({ runs: [r], box: r.box })), y0: 0, y1: 0 });
  const sized = (text: string, x: number, y0: number, y1: number, fontSize: number): TextRun => ({ ...run(text, x, y0, { fontSize }), box: { x0: x, y0, x1: x + 6 * text.length, y1 } });

  it('is not raised by a footnote star set smaller, which the reader did not mark as script', () => {
    expect(lineBase(line([sized('Croatia', 60, 93, 100.8, 8.7), sized('6.50', 250, 93, 100.8, 8.7), sized('∗', 274, 91.3, 97.1, 6.1)]))).toBe(100.8);
  });

  it('is the highest bottom of the line\'s text, smaller text of several letters included (a side label)', () => {
    expect(lineBase(line([sized('that result in dynamic discontinuities', 60, 93, 100.8, 10), sized('Shift work', 400, 90, 97.5, 7.5)]))).toBe(97.5);
  });
});

describe('a line\'s baseline and text band beside formula glyphs (acmart sample, Table 1)', () => {
  const line = (runs: TextRun[]): RegionLine => ({
    chunks: [{ runs, box: { x0: 0, y0: Math.min(...runs.map((r) => r.box.y0)), x1: 1, y1: Math.max(...runs.map((r) => r.box.y1)) } }] as unknown as RegionLine['chunks'],
    y0: Math.min(...runs.map((r) => r.box.y0)), y1: Math.max(...runs.map((r) => r.box.y1)),
  });

  it('takes the baseline from the text, not from a glyph boxed to its ink (a math italic π stops short of it)', () => {
    const pi = { ...run('𝜋', 70, 137.7), box: { x0: 70, y0: 140, x1: 75, y1: 144 } };
    expect(lineBase(line([pi, run('1 in 5', 170, 137.7), run('Common in math', 270, 137.7)]))).toBeCloseTo(147.7);
    // Alone on its line, such a glyph is all there is to go by.
    expect(lineBase(line([pi]))).toBe(144);
  });

  it('measures the band of the text, not of the scripts around it (Ψ²₁)', () => {
    const sup = { ...run('2', 76, 156.4), fontSize: 6, box: { x0: 76, y0: 156.4, x1: 79, y1: 163.2 } };
    const sub = { ...run('1', 76, 163.9), fontSize: 6, box: { x0: 76, y0: 163.9, x1: 79, y1: 170.7 } };
    expect(textBand(line([run('Ψ', 70, 158.6), sup, sub, run('1 in 40,000', 170, 158.6)]))).toEqual({ y0: 158.6, height: 10 });
  });
});

describe('rows padded by less than the rounding of their baselines (Chromium)', () => {
  it('are told from wrapped lines by their text where the pitch falls between the two modes', () => {
    // Wrapped lines 14.2–15 pt apart, rows 15.7–16.5: the padding is a point or two, and so is the rounding.
    const rows: [string, string, string, number][] = [
      ['Bulgaria', 'Plan for the coming', '7.33', 115.7], ['', 'period with lower', '', 130.7],
      ['Germany', 'In the', '-3.6', 146.5], ['Latvia', 'In the rural parts of', '-657', 163],
      ['', 'the country where', '', 177.2], ['', 'demand', '', 191.5], ['Romania', 'In spring', '-290', 208],
      ['Iceland', 'Rose in', '+35.4', 224.5], ['Transport', 'Network of', '-35.0', 240.2], ['Tourism', 'While', '-808', 256.7],
    ];
    const header = at([['Sector', 60, 100], ['Women 2001', 140, 100], ['Jobs 2002', 300, 100]], { bold: true });
    const body = rows.flatMap(([a, b, c, y]) => at([[a, 60, y], [b, 140, y], [c, 320, y]].filter(([t]) => t !== '') as [string, number, number][]));
    const prose = [run('Revised plan for the coming period with lower targets for new projects.', 60, 70), run('New projects and a stronger focus on maintenance of the network of roads.', 60, 290)];
    const found = tablesOf(tables.run(doc(page([...prose, ...header, ...body])), DEFAULT_CONFIG)).map(texts);
    expect(found).toEqual([[
      ['Sector', 'Women 2001', 'Jobs 2002'], ['Bulgaria', 'Plan for the coming period with lower', '7.33'], ['Germany', 'In the', '-3.6'],
      ['Latvia', 'In the rural parts of the country where demand', '-657'], ['Romania', 'In spring', '-290'],
      ['Iceland', 'Rose in', '+35.4'], ['Transport', 'Network of', '-35.0'], ['Tourism', 'While', '-808'],
    ]]);
  });
});

describe('lines between the two pitches that carry on the row above', () => {
  it('are no new row when the cells wrap together in lower case, or the stub goes on with a list item', () => {
    const lines: [string, string, string, number][] = [
      ['Sodium', 'Low in the first test', 'High', 116], ['Potassium', 'Raised', 'Normal', 146.8],
      ['• Myélome', '• Défaut sécrétion', 'Rare', 163.3], ['• Cystinose', '– Sjögren, Lupus', '', 179],
      ['• Basse, aggravée', '• Basse, corrigée', 'Élevée', 195.5], ['par l’apport', 'par l’apport', '', 211.2],
      ['Calcium', 'Normal', 'Low', 227.7], ['Chloride', 'High', 'Low', 244.2],
    ];
    const header = at([['Test', 60, 100], ['Finding', 160, 100], ['Level', 320, 100]], { bold: true });
    const body = lines.flatMap(([a, b, c, y]) => at([[a, 60, y], [b, 160, y], [c, 320, y]].filter(([t]) => t !== '') as [string, number, number][]));
    // A wrapped line 14.3 pt under its row sets the short mode; rows are 16.5 apart, the lines above 15.7.
    const wrap = at([['and after', 160, 130.3]]);
    const prose = [run('Revised plan for the coming period with lower targets for new projects.', 60, 70), run('New projects and a stronger focus on maintenance of the network of roads.', 60, 275)];
    const found = tablesOf(tables.run(doc(page([...prose, ...header, ...body, ...wrap])), DEFAULT_CONFIG)).map(texts);
    expect(found[0]!.map((r) => r[0])).toEqual(['Test', 'Sodium', 'Potassium', '• Myélome • Cystinose', '• Basse, aggravée par l’apport', 'Calcium', 'Chloride']);
  });
});
