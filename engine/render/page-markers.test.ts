import { describe, expect, it } from 'vitest';
import type { Block, Cell, Page } from '../model.ts';
import { DEFAULT_CONFIG } from '../stage.ts';
import { joinTables } from '../tables/join-tables.ts';
import { doc } from '../../test/support/tables/pages.ts';
import { renderDoc } from './index.ts';

const cell = (text: string, header = false): Cell => (header ? { spans: [{ text }], header } : { spans: [{ text }] });
const table = (page: number, y0: number, y1: number, rows: string[][]): Block => ({
  kind: 'table',
  rows: rows.map((r, i) => r.map((t) => cell(t, i === 0))),
  prov: { page, box: { x0: 70, y0, x1: 500, y1 } },
});
const para = (page: number, y0: number, text: string): Block => ({ kind: 'paragraph', spans: [{ text }], prov: { page, box: { x0: 70, y0, x1: 500, y1: y0 + 12 } } });
const pg = (number: number, blocks: Block[]): Page => ({ number, width: 595, height: 842, runs: [], rules: [], lines: [], blocks });

describe('page markers', () => {
  it('put the next page\'s marker after a table merged across the break, not inside it', () => {
    const d = doc(
      pg(1, [para(1, 100, 'Intro.'), table(1, 500, 760, [['Flag', 'Meaning'], ['-a', 'all']])]),
      pg(2, [table(2, 90, 200, [['Flag', 'Meaning'], ['-q', 'quiet']]), para(2, 230, 'After the table.')]),
    );
    const md = renderDoc(joinTables.run(d, DEFAULT_CONFIG), { pageMarkers: true });
    const lines = md.split('\n').filter((l) => l !== '');
    expect(lines[0]).toBe('<!-- page 1 -->');
    const rows = lines.filter((l) => l.startsWith('|'));
    expect(rows.at(-1)).toContain('quiet');
    expect(lines.indexOf('<!-- page 2 -->')).toBe(lines.indexOf(rows.at(-1)!) + 1);
    expect(lines.at(-1)).toBe('After the table.');
  });

  it('keep a paragraph that ends a sentence apart from the next page\'s, marker between', () => {
    const md = renderDoc(doc(pg(1, [para(1, 700, 'The end.')]), pg(2, [para(2, 80, 'lower case start')])), { pageMarkers: true });
    expect(md).toBe('<!-- page 1 -->\n\nThe end.\n\n<!-- page 2 -->\n\nlower case start\n');
  });
});
