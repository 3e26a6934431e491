/**
 * Golden structure on a few real-world documents (../shared/corpus/realworld),
 * one per class of issue 13 that they show: a table printed sideways, a page
 * and its rotated twin, a typewriter report, a ruled band of several rows.
 * They assert structure, not a byte-exact dump.
 */
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { convert } from '../../engine/index.ts';
import { corpusDir } from '../support/corpus.ts';

const PDF = corpusDir('realworld', 'pdf');
const md = async (id: string) => (await convert(new Uint8Array(fs.readFileSync(`${PDF}/${id}.pdf`)))).markdown;
const cells = (s: string) => [...s.matchAll(/<t[dh][^>]*>([^<]*)<\/t[dh]>/g)].map((m) => m[1]);
const tableCount = (s: string) => (s.match(/^<table>|^\| --- /gm) ?? []).length;

describe.skipIf(!PDF)('real-world golden structure', () => {
  it('a table printed sideways is read upright, one number per cell', async () => {
    const out = await md('camelot__anticlockwise_table_1');
    expect(out).toContain('<tr><td>Kerala</td><td>5738</td><td>6633</td><td>8864</td><td>8297</td>');
    expect(out).not.toMatch(/\d{4}\d{4}/);
  });

  it('a rotated page gives the same table as its upright twin', async () => {
    const upright = cells(await md('pdfplumber__nics-background-checks-2015-11'));
    expect(upright).toContain('State / Territory');
    expect(cells(await md('pdfplumber__nics-background-checks-2015-11-rotated'))).toEqual(upright);
  });

  it('a typewriter report: prose and tables, no code blocks, typed figures in their own columns', async () => {
    const out = await md('icdar__us-034');
    expect(out).not.toContain('```');
    expect(out).toMatch(/^\| 0\.99 \| 800 \| 880 \| 960 \| 1,040 \| 1,120 \|/m);
  });

  it('a ruled band holding several rows is one table of several rows', async () => {
    const out = await md('icdar__us-032');
    expect(tableCount(out)).toBe(1);
    // Header, two group labels and four sources, each its own row.
    for (const row of ['**Stationary:**', '**Major**', '**Area**', '**Mobile:**', '**On-road**', '**Non-road**']) {
      expect(out).toMatch(new RegExp(`^\\| ${row.replace(/\*/g, '\\*')} \\|`, 'm'));
    }
  });
});
