import { describe, expect, it } from 'vitest';
import type { Block, Cell, Doc } from '../model.ts';
import { DEFAULT_CONFIG } from '../stage.ts';
import { spansText } from './cell-text.ts';
import { tables } from './tables.ts';
import { doc, hRule, page, run, vRule } from '../../test/support/tables/pages.ts';

type Table = Extract<Block, { kind: 'table' }>;
const tablesOf = (d: Doc): Table[] => d.pages.flatMap((p) => p.blocks.filter((b): b is Table => b.kind === 'table'));
const texts = (t: Table): string[][] => t.rows.map((r) => r.map((c: Cell) => spansText(c.spans)));
const remaining = (d: Doc): string[] => d.pages.flatMap((p) => p.lines.map((l) => l.runs.map((r) => r.text).join(' ')));

describe('tables stage: ruled grids', () => {
  it('reads a fully ruled grid, joins wrapped cell lines and removes the consumed lines', () => {
    const runs = [
      run('Intro paragraph above the table.', 50, 60),
      run('Name', 55, 105, { bold: true }), run('Meaning', 205, 105, { bold: true }),
      run('alpha', 55, 125), run('first letter of the', 205, 125), run('Greek alphabet', 205, 137),
      run('beta', 55, 157), run('second letter', 205, 157),
    ];
    const rules = [
      hRule(50, 400, 100), hRule(50, 400, 120), hRule(50, 400, 152), hRule(50, 400, 172),
      vRule(50, 100, 172), vRule(200, 100, 172), vRule(400, 100, 172),
    ];
    const out = tables.run(doc(page(runs, rules)), DEFAULT_CONFIG);
    const [t] = tablesOf(out);
    expect(texts(t!)).toEqual([['Name', 'Meaning'], ['alpha', 'first letter of the Greek alphabet'], ['beta', 'second letter']]);
    expect(t!.rows[0]!.every((c) => c.header)).toBe(true);
    expect(t!.prov.page).toBe(1);
    expect(remaining(out)).toEqual(['Intro paragraph above the table.']);
  });

  it('turns a missing inner border into colspan and rowspan', () => {
    const runs = [
      run('Group', 55, 105), run('Details', 155, 105),
      run('A', 55, 125), run('x1', 155, 125), run('y1', 255, 125),
      run('x2', 155, 145), run('y2', 255, 145),
    ];
    const rules = [
      hRule(50, 350, 100), hRule(50, 350, 120), hRule(150, 350, 140), hRule(50, 350, 160),
      vRule(50, 100, 160), vRule(150, 100, 160), vRule(250, 120, 160), vRule(350, 100, 160),
    ];
    const [t] = tablesOf(tables.run(doc(page(runs, rules)), DEFAULT_CONFIG));
    expect(texts(t!)).toEqual([['Group', 'Details'], ['A', 'x1', 'y1'], ['x2', 'y2']]);
    expect(t!.rows[0]![1]!.colspan).toBe(2);
    expect(t!.rows[1]![0]!.rowspan).toBe(2);
  });

  it('does not treat a box around a code block as a table', () => {
    const runs = [run('let a = 1;', 55, 105, { monospace: true }), run('let b = 2;', 55, 117, { monospace: true })];
    const rules = [hRule(50, 400, 100), hRule(50, 400, 130), vRule(50, 100, 130), vRule(400, 100, 130)];
    const out = tables.run(doc(page(runs, rules)), DEFAULT_CONFIG);
    expect(tablesOf(out)).toEqual([]);
    expect(remaining(out)).toHaveLength(2);
  });
});

describe('tables stage: whitespace-aligned tables', () => {
  it('reads a booktabs-style table: header from the rule under it, wrapped cells joined by the first column', () => {
    const runs = [
      run('Option', 70, 100), run('Effect', 200, 100),
      run('--all', 70, 120), run('Show every entry, including the', 200, 120),
      run('hidden ones', 200, 133),
      run('--quiet', 70, 146), run('Print only IDs', 200, 146),
      run('--format', 70, 159), run('Pretty-print using a template', 200, 159),
    ];
    const rules = [hRule(65, 420, 96), hRule(65, 420, 115), hRule(65, 420, 173)];
    const out = tables.run(doc(page(runs, rules)), DEFAULT_CONFIG);
    const [t] = tablesOf(out);
    expect(texts(t!)).toEqual([
      ['Option', 'Effect'],
      ['--all', 'Show every entry, including the hidden ones'],
      ['--quiet', 'Print only IDs'],
      ['--format', 'Pretty-print using a template'],
    ]);
    expect(t!.rows[0]![0]!.header).toBe(true);
    expect(remaining(out)).toEqual([]);
  });

  it('in a tagged PDF, keeps the table the tree tags as cells and leaves as text the one it tags as paragraphs', () => {
    const withRole = (role: string) => [
      run('Option', 70, 100, { role }), run('Effect', 200, 100, { role }),
      run('--all', 70, 120, { role }), run('Show every entry', 200, 120, { role }),
      run('--quiet', 70, 146, { role }), run('Print only IDs', 200, 146, { role }),
      run('--format', 70, 159, { role }), run('Pretty-print using a template', 200, 159, { role }),
    ];
    const rules = [hRule(65, 420, 96), hRule(65, 420, 115), hRule(65, 420, 173)];
    expect(tablesOf(tables.run(doc(page(withRole('TD'), rules)), DEFAULT_CONFIG))).toHaveLength(1);
    const asText = tables.run(doc(page(withRole('P'), rules)), DEFAULT_CONFIG);
    expect(tablesOf(asText)).toEqual([]);
    expect(remaining(asText)).toHaveLength(4);
  });

  it('uses the longer pitch between padded rows to keep wrapped first-column text in its row', () => {
    const runs = [
      run('Variable', 65, 75), run('Description', 215, 75),
      run('DOCKER_CONTENT_TRUST', 65, 93), run('The URL of the Notary server.', 215, 93),
      run('_SERVER', 65, 107), run('Defaults to the registry.', 215, 107),
      run('DOCKER_HOST', 65, 124), run('Daemon socket to connect to.', 215, 124),
      run('DOCKER_CONFIG', 65, 141), run('Location of config files.', 215, 141),
    ];
    const [t] = tablesOf(tables.run(doc(page(runs)), DEFAULT_CONFIG));
    expect(texts(t!)).toEqual([
      ['Variable', 'Description'],
      ['DOCKER_CONTENT_TRUST _SERVER', 'The URL of the Notary server. Defaults to the registry.'],
      ['DOCKER_HOST', 'Daemon socket to connect to.'],
      ['DOCKER_CONFIG', 'Location of config files.'],
    ]);
  });

  it('marks a bold first row as the header', () => {
    const runs = [
      run('Key', 70, 100, { bold: true }), run('Value', 200, 100, { bold: true }),
      run('a', 70, 114), run('1', 200, 114), run('b', 70, 128), run('2', 200, 128),
    ];
    const [t] = tablesOf(tables.run(doc(page(runs)), DEFAULT_CONFIG));
    expect(t!.rows[0]!.map((c) => c.header)).toEqual([true, true]);
    expect(t!.rows[1]!.map((c) => c.header ?? false)).toEqual([false, false]);
  });

  it('leaves aligned code (all monospace) alone', () => {
    const mono = { monospace: true };
    const runs = [
      run('ID', 70, 100, mono), run('NAME', 200, 100, mono),
      run('77af4d6b9913', 70, 113, mono), run('config-1', 200, 113, mono),
      run('b6fa739cedf5', 70, 126, mono), run('config-2', 200, 126, mono),
    ];
    expect(tablesOf(tables.run(doc(page(runs)), DEFAULT_CONFIG))).toEqual([]);
  });

  it('leaves bulleted and numbered lists alone', () => {
    const runs = [
      run('•', 77, 100), run('first item of the list', 101, 100),
      run('•', 77, 114), run('second item', 101, 114),
      run('•', 77, 128), run('third', 101, 128),
      run('1.', 77, 150), run('step one', 101, 150), run('2.', 77, 164), run('step two', 101, 164),
    ];
    expect(tablesOf(tables.run(doc(page(runs)), DEFAULT_CONFIG))).toEqual([]);
  });

  it('leaves a two-column page layout of prose alone', () => {
    const left = 'Lorem ipsum dolor sit amet consec';
    const right = 'Sed ut perspiciatis unde omnis is';
    const runs = Array.from({ length: 20 }, (_, i) => [run(left, 40, 80 + i * 12), run(right, 310, 80 + i * 12)]).flat();
    expect(tablesOf(tables.run(doc(page(runs)), DEFAULT_CONFIG))).toEqual([]);
  });

  it('leaves justified prose with wide word gaps alone', () => {
    // Word lengths from a fixed sequence; each line is stretched to 40..300 with ~1.3em gaps.
    const lengths = [5, 3, 7, 2, 6, 4, 8, 3, 5, 6, 2, 7, 4, 5, 3, 6, 8, 2, 4, 7];
    const runs = [0, 1, 2, 3].flatMap((line) => {
      const ws = lengths.slice(line * 3, line * 3 + 6);
      const gap = (260 - ws.reduce((a, n) => a + n * 6, 0)) / (ws.length - 1);
      let x = 40;
      return ws.map((n) => {
        const r = run('x'.repeat(n), x, 100 + line * 12);
        x += n * 6 + gap;
        return r;
      });
    });
    expect(tablesOf(tables.run(doc(page(runs)), DEFAULT_CONFIG))).toEqual([]);
  });

  it('needs rows that share columns: lines whose word gaps never line up are not a table', () => {
    const spread = (words: string[], x0: number, y: number) => {
      let x = x0;
      return words.map((w) => {
        const r = run(w, x, y);
        x += w.length * 6 + 9;
        return r;
      });
    };
    const runs = [...spread(['because', 'we', 'only', 'attached', 'to'], 300, 100), ...spread(['communicate', 'with', 'each', 'other'], 40, 113)];
    expect(tablesOf(tables.run(doc(page(runs)), DEFAULT_CONFIG))).toEqual([]);
  });

  it('finds a one-row table between a caption and a source note set apart like cells', () => {
    // A justified caption whose words stand apart, a note under it, the table, and a source line in two chunks.
    const words = 'Number of persons attending labour market training from 2001 to 2005'.split(' ');
    let x = 110;
    const caption = [run('Table 8:', 50, 60), ...words.map((w) => { const r = run(w, x, 60); x = r.box.x1 + 12; return r; })];
    const years = ['2001', '2002', '2003', '2004', '2005'], counts = ['29 300', '25 800', '33 300', '33 500', '33 000'];
    const runs = [
      ...caption, run('(reference date: end of January)', 110, 74),
      ...years.map((y, k) => run(y, 230 + k * 65 + 12, 96)),
      run('On labour market training', 52, 112), ...counts.map((c, k) => run(c, 230 + k * 65, 112)),
      run('Source:', 50, 130), run('Ministry of Labour, 2005.', 106, 130),
    ];
    const [t] = tablesOf(tables.run(doc(page(runs)), DEFAULT_CONFIG));
    expect(texts(t!)).toEqual([['', ...years], ['On labour market training', ...counts]]);
  });
});
