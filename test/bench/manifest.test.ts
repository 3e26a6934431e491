import { describe, expect, it } from 'vitest';
import { parseManifest, totalPages } from '../../bench/manifest.ts';
import { pickRows } from '../../bench/memory-check.ts';

const TSV = `id\tsource\tproducer\tpages\tbytes
a__latex\ta\tlatex\t4\t100
a__office\ta\toffice\t5\t90
b__html-1col\tb\thtml-1col\t12\t300
`;

describe('parseManifest', () => {
  it('keeps the columns the bench needs and the raw line', () => {
    const m = parseManifest(TSV);
    expect(m.header).toBe('id\tsource\tproducer\tpages\tbytes');
    expect(m.rows.map((r) => [r.id, r.source, r.producer, r.pages])).toEqual([
      ['a__latex', 'a', 'latex', 4], ['a__office', 'a', 'office', 5], ['b__html-1col', 'b', 'html-1col', 12],
    ]);
    expect(m.rows[1]?.raw).toBe('a__office\ta\toffice\t5\t90');
    expect(totalPages(m.rows)).toBe(21);
  });

  it('fails loudly on a missing column or a bad page count', () => {
    expect(() => parseManifest('id\tsource\tpages\nx\ty\t1')).toThrow(/producer/);
    expect(() => parseManifest('id\tsource\tproducer\tpages\nx\ty\tz\tmany')).toThrow(/bad pages/);
    expect(() => parseManifest('')).toThrow(/empty/);
  });
});

describe('pickRows', () => {
  it('takes rows in order until the page target is reached', () => {
    const rows = parseManifest(TSV).rows;
    expect(pickRows(rows, 9).map((r) => r.id)).toEqual(['a__latex', 'a__office']);
    expect(pickRows(rows, 10).map((r) => r.id)).toEqual(['a__latex', 'a__office', 'b__html-1col']);
  });
});
