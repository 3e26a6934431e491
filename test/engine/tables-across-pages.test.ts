/**
 * Long tables broken over pages (issue 24, `tablesAcrossPages`), from two
 * producers: Chromium printing an HTML table (its `<thead>` repeated on every
 * page, or a header that prints once) and a report writer drawing rows cell
 * by cell with pdf-lib, the header drawn again on each page. Every body row
 * must arrive exactly once; `merge` gives one table, `keep` the parts.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { convert } from '../../engine/index.ts';
import type { ConvertOptions } from '../../engine/types.ts';
import { consecutiveTablesCase, longTable, longTableCase, type LongTable } from '../../bench/tables-gen/long-tables.ts';
import type { Style } from '../../bench/tables-gen/table-model.ts';
import { describeInBrowser, launchChromium } from '../support/chromium.ts';
import { tablesIn, tablesOf, type Drawing, type ParsedTable } from '../support/tables/pdf.ts';

const keysOf = (tables: readonly ParsedTable[]): string[] => tables.flatMap((t) => t.map((r) => r[0] ?? '')).filter((k) => /^[KZ]\d{3}$/.test(k));
const expectedKeys = (t: LongTable): string[] => t.rows.map((r) => r[0]!);

describeInBrowser('a long table printed by Chromium over several pages', () => {
  let browser: Browser & AsyncDisposable;
  beforeAll(async () => {
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser.close();
  });

  async function print(html: string, opts: ConvertOptions = {}, minPages = 3): Promise<ParsedTable[]> {
    const page = await browser.newPage();
    await page.setContent(html);
    const pdf = await page.pdf({ format: 'A4', printBackground: true });
    await page.close();
    const result = await convert(new Uint8Array(pdf), opts);
    expect(result.pages).toBeGreaterThanOrEqual(minPages);
    return tablesIn(result.markdown);
  }

  const STYLES: Style[] = ['grid', 'header-rule', 'none', 'zebra'];
  for (const style of STYLES) {
    for (const repeatHeader of [true, false]) {
      it(`${style}, header ${repeatHeader ? 'repeated' : 'printed once'}: one table, every row exactly once, the header once`, async () => {
        const c = longTableCase({ seed: 40 + STYLES.indexOf(style), rows: 120, cols: 5, style, repeatHeader });
        const tables = await print(c.html);
        expect(tables).toHaveLength(1);
        expect(tables[0]).toEqual([c.table.header, ...c.table.rows]);
      });
    }
  }

  it("keep: the parts stay apart, each opening with the repeated header, and together hold every row once", async () => {
    const c = longTableCase({ seed: 50, rows: 120, cols: 5, style: 'header-rule', repeatHeader: true });
    const tables = await print(c.html, { tablesAcrossPages: 'keep' });
    expect(tables.length).toBeGreaterThanOrEqual(3);
    for (const t of tables) expect(t[0]).toEqual(c.table.header);
    expect(keysOf(tables)).toEqual(expectedKeys(c.table));
  });

  /**
   * Chromium's default table CSS (1px padding, 2px spacing): with `border=1`
   * each cell draws its own 1px box, but the text of neighbouring cells is
   * only a word space apart once a value fills its column. With `full`, every
   * value fills its column (headers no wider, numbers of one width), so no
   * row shows the text gate a column-sized gap: only the drawn grid tells.
   */
  const DEFAULT_CSS = [['border=1', true, false], ['border=1', false, false], ['collapse', true, false], ['border=1', true, true], ['collapse', false, true]] as const;
  for (const [border, repeatHeader, full] of DEFAULT_CSS) {
    it(`a ${border} table in Chromium's default CSS, header ${repeatHeader ? 'repeated' : 'printed once'}${full ? ', every column full' : ''}: one table, every row once`, async () => {
      const t = longTable({ seed: 80, rows: 110, cols: 5, style: 'grid', repeatHeader });
      const header = full ? ['Key', 'Item', 'A', 'B', 'C'] : t.header;
      const fixed = (i: number, k: number): string => `${1000 + ((i * 37 + k * 1117) % 9000)}.${10 + ((i + k) % 90)}`;
      const rows = t.rows.map((row, i) => [row[0]!, `Item ${row[0]!.slice(1)}`, ...(full ? [0, 1, 2].map((k) => fixed(i, k)) : row.slice(2))]);
      const tr = (tag: string, row: readonly string[]): string => `<tr>${row.map((c) => `<${tag}>${c}</${tag}>`).join('')}</tr>`;
      const head = tr('th', header);
      const body = rows.map((row) => tr('td', row)).join('');
      const attrs = border === 'border=1' ? 'border=1' : 'style="border-collapse:collapse"';
      const css = border === 'collapse' ? '<style>td, th { border: 1px solid black }</style>' : '';
      const table = repeatHeader ? `<thead>${head}</thead><tbody>${body}</tbody>` : `<tbody>${head}${body}</tbody>`;
      const tables = await print(`<!doctype html><html><head>${css}</head><body><p>The listing by key.</p><table ${attrs}>${table}</table></body></html>`, {}, 2);
      expect(tables).toHaveLength(1);
      expect(tables[0]).toEqual([header, ...rows]);
    });
  }

  it('two different tables that merely sit on consecutive pages stay two tables', async () => {
    const c = consecutiveTablesCase(60, 'grid');
    const tables = await print(c.html, {}, 2);
    expect(tables.map((t) => t[0])).toEqual([c.tables[0].header, c.tables[1].header]);
    expect(keysOf(tables)).toEqual([...expectedKeys(c.tables[0]), ...expectedKeys(c.tables[1])]);
  });
});

/** A report writer's pages: a running title and a folio, the header redrawn on each page, `perPage` rows, ruled or not. */
function reportPages(t: LongTable, perPage: number, ruled: boolean): Drawing[] {
  const xs = [60, 110, 230, 330, 430];
  const pages: Drawing[] = [];
  for (let first = 0, n = 1; first < t.rows.length; first += perPage, n++) {
    const rows = [t.header, ...t.rows.slice(first, first + perPage)];
    const texts = rows.flatMap((row, i) => row.map((text, k) => ({ text, x: xs[k]!, y: 60 + 18 * i, bold: i === 0 })));
    const strokes = ruled ? rows.map((_, i) => ({ x0: 55, y0: 56 + 18 * i, x1: 520, y1: 56 + 18 * i })) : [];
    pages.push({ texts: [{ text: 'Quarterly listing', x: 60, y: 30, size: 8 }, ...texts, { text: String(n), x: 290, y: 800, size: 8 }], strokes });
  }
  return pages;
}

for (const ruled of [true, false]) {
  it(`a report writer's ${ruled ? 'ruled' : 'unruled'} table over four pages with its header redrawn: every row once, one table`, async () => {
    const t = longTable({ seed: 70, rows: 120, cols: 5, style: 'grid', repeatHeader: true });
    const { markdown, tables } = await tablesOf(reportPages(t, 30, ruled));
    expect(tables).toHaveLength(1);
    expect(tables[0]).toEqual([t.header, ...t.rows]);
    expect(markdown).not.toContain('Quarterly listing');
    const kept = await tablesOf(reportPages(t, 30, ruled), { tablesAcrossPages: 'keep' });
    expect(kept.tables).toHaveLength(4);
    expect(keysOf(kept.tables)).toEqual(expectedKeys(t));
  });
}
