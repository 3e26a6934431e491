import { describe, expect, it } from 'vitest';
import { isGlyphArt, isLooseLabels, isProseInColumns, isRunOnRows, isWordRiver, prose } from './prose-cells.ts';
import type { Cell } from '../model.ts';
import type { TableBlock } from './table-parts.ts';

const cell = (text: string): Cell => ({ spans: text ? [{ text }] : [] } as Cell);
const table = (rows: string[][]): TableBlock => ({ kind: 'table', rows: rows.map((r) => r.map(cell)), prov: { page: 1, box: { x0: 0, y0: 0, x1: 1, y1: 1 } } });

describe('prose set in columns', () => {
  it('two columns of running lines are prose', () => {
    expect(isProseInColumns(table([
      ['Projects and a stronger focus on', 'Lower targets for new projects and'],
      ['maintenance of the existing.', 'a stronger focus on maintenance.'],
      ['Forecast made in spring which led', 'Network of roads and railways as'],
      ['to a revised plan for the year', 'well as schools and hospitals in the'],
    ]))).toBe(true);
  });

  it('a column of terms beside their descriptions is a table (a side label beside its paragraph looks the same)', () => {
    expect(isProseInColumns(table([
      ['Scope', 'The committee reviewed the figures for the year and found that spending rose.'],
      ['Method', 'Revenue fell short of the forecast made in spring, which led to a revised plan.'],
    ]))).toBe(false);
  });

  it('a table with one description column is a table', () => {
    expect(isProseInColumns(table([
      ['Item', 'Description', '2019', '2020'],
      ['Roads', 'Maintenance of the existing network of roads and bridges', '12.5', '-3.1'],
      ['Schools', 'New buildings', '7.0', '4.4'],
      ['Hospitals', 'Equipment for rural hospitals and clinics in the north', '1.9', '-0.2'],
    ]))).toBe(false);
  });

  it('a numeric table is a table', () => {
    expect(isProseInColumns(table([['Country', 'Men', 'Women'], ['Austria', '12.5', '-3.1'], ['Belgium', '7.0', '4.4']]))).toBe(false);
  });

  it('chart labels that never share a row are not a table; a table with group labels is', () => {
    expect(isLooseLabels(table([['37.5', '35'], ['', '31'], ['', '27'], ['25', ''], ['', '22'], ['12.5', '11']]))).toBe(true);
    expect(isLooseLabels(table([['North', '', ''], ['Austria', '12.5', '-3.1'], ['Belgium', '7.0', '4.4'], ['South', '', ''], ['Cyprus', '1.9', '-0.2']]))).toBe(false);
  });
});

describe('a sentence cut at word gaps that line up', () => {
  it('is no table when nearly every cell is one lower-case word', () => {
    expect(isWordRiver(table([['rose', 'in', 'most', 'regions.', 'Rural'], ['parts', 'of', 'the', 'country', 'where']]))).toBe(true);
  });

  it('leaves tables of names, values and short labels alone', () => {
    expect(isWordRiver(table([['Item', 'Total', 'Share'], ['north', '12', '3.4'], ['south', '9', '1.2']]))).toBe(false);
    expect(isWordRiver(table([['Option', 'Default', 'Meaning'], ['verbose', 'off', 'print every step'], ['quiet', 'on', 'print errors only']]))).toBe(false);
    expect(isWordRiver(table([['cat', 'chat'], ['dog', 'chien']]))).toBe(false);
  });
});

describe('rows that are lines of a paragraph', () => {
  it('are prose when the sentences of every cell run on into the row below', () => {
    expect(isRunOnRows(table([
      ['Committee', 'The coming period with lower targets for new projects and main-'],
      ['reviewed', 'tenance. For the coming period with lower targets for new work.'],
    ]))).toBe(true);
    expect(isRunOnRows(table([
      ['The committee reviewed', 'Where demand has grown faster than expected the'],
      ['the figures for the year', 'plan was revised, and a stronger focus on the'],
      ['and found that spending', 'existing network of roads and railways as well'],
    ]))).toBe(true);
  });

  it('are a table when a wrapped cell fills one cell of the line below, or the cells end their items', () => {
    // A wrapped description beside numbers: the line below holds the description's run-on only.
    expect(isRunOnRows(table([
      ['Roads', 'Maintenance of the existing network of roads and', '12.5'],
      ['', 'bridges in the rural parts', ''],
      ['Schools', 'New buildings', '7.0'],
    ]))).toBe(false);
    expect(isRunOnRows(table([
      ['Scope', 'The committee reviewed the figures for the year and found that spending rose.'],
      ['Method', 'Revenue fell short of the forecast made in spring, which led to a revised plan.'],
    ]))).toBe(false);
  });

  it('are a table under a header row, though its cells are lower case and open (field names and what they hold)', () => {
    const rows = [['Field', 'Meaning'], ['size', 'the number of bytes in the file as it is stored'], ['mode', 'the permission bits of the file and its type bits']];
    const t = table(rows);
    for (const c of t.rows[0]!) c.header = true;
    expect(isRunOnRows(t)).toBe(false);
  });
});

describe('a cell ending in a word broken at the line end', () => {
  it('is running text: three columns of prose whose justified gaps cut a line into "of the forecast made." and "The exist-"', () => {
    const cell = (text: string) => ({ spans: [{ text }] });
    expect(prose(cell('The exist-'))).toBe(true);
    expect(prose(cell('Non-resident'))).toBe(false);
    expect(prose(cell('2001-'))).toBe(false);
    expect(prose(cell('-math-'))).toBe(false);
    const t = { kind: 'table' as const, prov: { page: 1, box: { x0: 0, y0: 0, x1: 1, y1: 1 } }, rows: [
      [cell('pected the committee reviewed the'), cell(''), cell(''), cell('plan for the coming period with')],
      [cell('figures for the year and found that.'), cell('of the forecast made.'), cell('The exist-'), cell('lower targets for new projects and')],
    ] };
    expect(isProseInColumns(t)).toBe(true);
  });
});

describe('drawings made of glyphs', () => {
  it('a grid of line-piece glyphs (LaTeX picture lines, abntex2) is no table; marks under labels and a table of symbols are', () => {
    const fan = [
      ['', '', '%', '', ','], ['', '', '', '', '#'], ['', '', '%', '', ', #'], ['', '', '', ',', ''], ['', '%', '', '#', '"'],
      ['', '', ',', '', ''], ['', '%', '#', '', '"'], ['', '', ',', '"', ''], ['', '', '#', '', ''], ['% %', ', # , #', '" "', '"', '! !'],
    ];
    expect(isGlyphArt(table(fan))).toBe(true);
    expect(isGlyphArt(table([['Feature', 'A'], ['Tables', '✓']]))).toBe(false);
    // A table of symbols fills its cells (lshort's input sequences and the glyphs they give).
    expect(isGlyphArt(table([[';', '·', '?', ';'], ['((', '«', '))', '»']]))).toBe(false);
  });
});
