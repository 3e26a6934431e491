/**
 * Rows of typeset and spreadsheet tables, end to end:
 * - rows are read from baselines, not from the tops of the text: in a
 *   pdflatex booktabs table a math minus or a dagger moves a row's top by
 *   points while TeX keeps its baselines a fixed pitch apart (drawn by the
 *   generated-tables bench's LaTeX producer; skipped without pdflatex);
 * - a number under a number of the same row's column starts a row even when
 *   the lines between hold only another cell's wrapped text (as a
 *   spreadsheet prints a wrapping text column beside numbers).
 */
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { convert } from '../index.ts';
import { tablesIn, tablesOf, textWidth, type Stroke, type Text } from '../../test/support/tables/pdf.ts';
import { casesFor } from '../../bench/tables-gen/cases.ts';
import { pageLatex } from '../../bench/tables-gen/page-latex.ts';
import { onPath } from '../../bench/tables-gen/producer.ts';
import { SEEDS } from '../../bench/tables-gen/seeds.ts';

const h = (x0: number, x1: number, y: number): Stroke => ({ x0, y0: y, x1, y1: y });

async function flushRight(text: string, right: number, y: number): Promise<Text> {
  return { text, x: right - (await textWidth(text)), y };
}

describe('rows from baselines', () => {
  const latex = onPath('pdflatex');
  if (!latex) console.warn('Skipping the pdflatex table test: pdflatex not found (apt-get install texlive-latex-recommended).');
  it.skipIf(!latex)('reads every body line of a pdflatex booktabs table with signed numbers and daggers as its own row', async () => {
    const c = casesFor(SEEDS.dev, 5, 0).find((x) => x.id === `s${SEEDS.dev}-booktabs-single-1`)!;
    if (c.kind !== 'table') throw new Error('not a table case');
    const dir = await mkdtemp(join(tmpdir(), 'p2m-latex-'));
    try {
      await writeFile(join(dir, 'page.tex'), pageLatex(c.doc, c.id));
      execFileSync('pdflatex', ['-interaction=batchmode', '-halt-on-error', '-output-directory', dir, join(dir, 'page.tex')]);
      const { markdown } = await convert(new Uint8Array(await readFile(join(dir, 'page.pdf'))));
      const t = c.tables[0]!;
      const stubs = t.cells.filter((x) => !x.head && x.c === 0).sort((a, b) => a.r - b.r).map((x) => x.text);
      const [table] = tablesIn(markdown);
      expect(table!.slice(1).map((r) => r[0])).toEqual(stubs);
      expect(table!.length).toBe(t.nRows);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('starts a row at numbers under numbers of the same columns when a text cell of the row wraps between them', async () => {
    const rows: [string, string[], string[]][] = [
      ['Austria', ['Than expected the', 'committee reviewed', 'the figures'], ['94.8', '2.95', '168']],
      ['Finland', ['Fell short of the', 'forecast made'], ['409', '41.4', '8.63']],
      ['Latvia', ['In the'], ['9.18', '17,663', '55,806']],
      ['Romania', ['Revised plan'], ['99.3', '0.59', '5.66']],
    ];
    const texts: Text[] = [{ text: 'Table 2. Values by sector.', x: 60, y: 96 }];
    const rights = [300, 360, 420];
    texts.push({ text: 'Sector', x: 60, y: 124, bold: true }, { text: 'Note', x: 130, y: 124, bold: true });
    for (const [k, text] of ['Share', 'Women', 'Value'].entries()) texts.push({ ...(await flushRight(text, rights[k]!, 124)), bold: true });
    let y = 144;
    for (const [i, [name, note, values]] of rows.entries()) {
      texts.push({ text: name, x: 60, y }, ...note.map((text, i): Text => ({ text, x: 130, y: y + i * 11 })));
      for (const [k, v] of values.entries()) texts.push(await flushRight(v, rights[k]!, y));
      // One row set off by 2pt more, as a sheet's row heights vary: the pitches look like padded rows, the wrapped lines not.
      y += 11 * note.length + (i === 2 ? 2 : 0);
    }
    texts.push({ text: 'Source: survey of firms.', x: 60, y: y + 20 });
    const { tables } = await tablesOf([{ texts, strokes: [h(55, 425, 112), h(55, 425, 132), h(55, 425, y)] }]);
    expect(tables).toHaveLength(1);
    expect(tables[0]!.slice(1)).toEqual(rows.map(([name, note, values]) => [name, note.join(' '), ...values]));
  });
});
