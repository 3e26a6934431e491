import { describe, expect, it } from 'vitest';
import type { Block, Cell, Doc, TextRun } from '../model.ts';
import { DEFAULT_CONFIG } from '../stage.ts';
import { spansText } from './cell-text.ts';
import { lineChunks } from './chunks.ts';
import { tables } from './tables.ts';
import { doc, hRule, linesOf, page, run } from '../../test/support/tables/pages.ts';

type Table = Extract<Block, { kind: 'table' }>;
const tablesOf = (d: Doc): Table[] => d.pages.flatMap((p) => p.blocks.filter((b): b is Table => b.kind === 'table'));
const texts = (t: Table): string[][] => t.rows.map((r) => r.map((c: Cell) => spansText(c.spans)));

/** Lines of a LaTeX-style table: one text line (12pt) apart, cells at the given column x positions. */
function rows(lines: string[][], xs: number[], y0: number, style: Partial<TextRun> = {}): TextRun[] {
  return lines.flatMap((cells, i) => cells.flatMap((t, k) => (t ? [run(t, xs[k]!, y0 + i * 12, style)] : [])));
}

describe('tables set one text line apart (LaTeX)', () => {
  it('splits a chunk where a cell overflowing its column is overprinted by the next cell', () => {
    const [line] = linesOf([run('String.prototype.normalize()', 70, 100, { monospace: true }), run('none (fu', 193, 100), run('nction)', 241, 100)]);
    expect(lineChunks(line!).map((c) => c.runs.map((r) => r.text).join(''))).toEqual(['String.prototype.normalize()', 'none (function)']);
  });

  it('keeps the columns of a table whose long names overflow into the next column', () => {
    const mono = { monospace: true };
    const body = [
      ['String.prototype.normalize()', 'none', 'full'],
      ['Intl', 'none', 'partial'],
      ['String.prototype.localeCompare()', 'partial', 'full'],
      ['Legacy URL Parser', 'partial', 'full'],
      ['Number.prototype.toLocaleString()', 'partial', 'full'],
      ['WHATWG URL', 'partial', 'full'],
    ];
    const runs = [
      ...rows([['Feature', 'none', 'full-icu']], [70, 193, 312], 100),
      ...body.flatMap((cells, i) => [run(cells[0]!, 70, 120 + i * 12, i % 2 ? {} : mono), run(cells[1]!, 193, 120 + i * 12), run(cells[2]!, 312, 120 + i * 12)]),
    ];
    const rules = [hRule(65, 400, 96), hRule(65, 400, 115), hRule(65, 400, 196)];
    const [t] = tablesOf(tables.run(doc(page(runs, rules)), DEFAULT_CONFIG));
    expect(texts(t!)).toEqual([['Feature', 'none', 'full-icu'], ...body]);
  });

  it('reads wrapped cells, including a wrapped first column, as one row', () => {
    const lines = [
      ['Path2 new', 'File is new on Path2, does not', 'Path2 version'],
      ['', 'exist on Path1', 'survives'],
      ['Path2', 'File is newer on Path2, unchanged', 'Path2 version'],
      ['newer', 'on Path1', 'survives'],
      ['Path2', 'File is deleted on Path2,', 'File is deleted'],
      ['deleted', 'unchanged on Path1', ''],
    ];
    const runs = [...rows([['Type', 'Description', 'Result']], [70, 140, 350], 100), ...rows(lines, [70, 140, 350], 120)];
    const rules = [hRule(65, 450, 96), hRule(65, 450, 115), hRule(65, 450, 196)];
    const [t] = tablesOf(tables.run(doc(page(runs, rules)), DEFAULT_CONFIG));
    expect(texts(t!)).toEqual([
      ['Type', 'Description', 'Result'],
      ['Path2 new', 'File is new on Path2, does not exist on Path1', 'Path2 version survives'],
      ['Path2 newer', 'File is newer on Path2, unchanged on Path1', 'Path2 version survives'],
      ['Path2 deleted', 'File is deleted on Path2, unchanged on Path1', 'File is deleted'],
    ]);
  });

  it('keeps single-line rows apart when no cell wraps, however long the words', () => {
    const lines = [['asynckit.js', '12.34 kB'], ['asynckit.min.js', '4.11 kB'], ['asynckit.min.js.gz', '1.47 kB']];
    const runs = [...rows([['compression', 'size']], [70, 200], 100), ...rows(lines, [70, 200], 120)];
    const rules = [hRule(65, 260, 96), hRule(65, 260, 115), hRule(65, 260, 160)];
    const [t] = tablesOf(tables.run(doc(page(runs, rules)), DEFAULT_CONFIG));
    expect(texts(t!)).toEqual([['compression', 'size'], ...lines]);
  });

  it('reads a table of code cells under a prose header and a rule, indented as LaTeX sets code in cells', () => {
    const mono = { monospace: true };
    const runs = [
      ...rows([['command line', 'defaults file']], [70, 230], 100),
      ...rows([['--from markdown', 'from: markdown'], ['--output foo.pdf', 'output-file: foo.pdf'], ['--data-dir dir', 'data-dir: dir']], [98, 257], 120, mono),
      // Code right under the table's closing rule is a code block, not more rows.
      ...rows([['pandoc -d letter', '# defaults'], ['pandoc -s in.md', '# standalone']], [70, 200], 166, mono),
    ];
    const rules = [hRule(65, 420, 96), hRule(65, 420, 115), hRule(65, 420, 160)];
    const out = tables.run(doc(page(runs, rules)), DEFAULT_CONFIG);
    const [t, ...rest] = tablesOf(out);
    expect(rest).toEqual([]);
    expect(texts(t!)).toEqual([
      ['command line', 'defaults file'], ['--from markdown', 'from: markdown'], ['--output foo.pdf', 'output-file: foo.pdf'], ['--data-dir dir', 'data-dir: dir'],
    ]);
    expect(out.pages[0]!.lines.map((l) => l.runs[0]!.text)).toEqual(['pandoc -d letter', 'pandoc -s in.md']);
  });

  it('reads code rows whose cells start where the prose header cells do', () => {
    const body = [['myrepo.git', 'refs/heads/master', '/'], ['myrepo.git#mytag', 'refs/tags/mytag', '/'], ['myrepo.git#:dir', 'refs/heads/master', '/dir']];
    const runs = [...rows([['Suffix', 'Commit used', 'Context']], [70, 200, 330], 100, { bold: true }), ...rows(body, [70, 200, 330], 116, { monospace: true })];
    const [t] = tablesOf(tables.run(doc(page(runs)), DEFAULT_CONFIG));
    expect(texts(t!)).toEqual([['Suffix', 'Commit used', 'Context'], ...body]);
  });

  it('keeps rows apart when the only long pitches are the space above row-group labels', () => {
    const at = (cells: string[], y: number): TextRun[] => cells.flatMap((t, k) => (t ? [run(t, [56, 160, 250][k]!, y)] : []));
    const body = [['East', '', ''], ['Croatia', '69.0 (e)', '6.62'], ['Germany', '642', '6.55 (e)'], ['Over 65', '', ''],
      ['Luxembourg', '21,552', '10'], ['Portugal', '846', '75.9'], ['Public sector', '486', '5.82 (e)']];
    const ys = [120, 135, 150, 176, 191, 206, 221];
    const runs = [...at(['Region', 'Budget', 'Exports'], 100), ...body.flatMap((cells, i) => at(cells, ys[i]!))];
    const [t] = tablesOf(tables.run(doc(page(runs, [hRule(50, 300, 114)])), DEFAULT_CONFIG));
    expect(texts(t!)).toEqual([['Region', 'Budget', 'Exports'], ...body]);
  });

  it('keeps a header whose rule and padding set it more than a line and a half above the body', () => {
    const at = (cells: string[], y: number): TextRun[] => cells.map((t, k) => run(t, [50, 140, 230][k]! + (y === 100 ? 0 : [0, 20, 10][k]!), y));
    const body = [['Austria', '12.5', '-3.1'], ['Belgium', '7.0', '4.4'], ['Cyprus', '1.9', '-0.2']];
    const runs = [...at(['Item', 'Men 2001', 'Women 2002'], 100), ...body.flatMap((cells, i) => at(cells, 128 + i * 12))];
    const [t] = tablesOf(tables.run(doc(page(runs, [hRule(45, 300, 96), hRule(45, 300, 119), hRule(45, 300, 166)])), DEFAULT_CONFIG));
    expect(texts(t!)).toEqual([['Item', 'Men 2001', 'Women 2002'], ...body]);
  });
});
