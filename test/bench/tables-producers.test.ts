/** The generated-tables producers draw the page model: its tables, with the truth's cells, in each producer's source. */
import { describe, expect, it } from 'vitest';
import { casesFor } from '../../bench/tables-gen/cases.ts';
import { pageTables } from '../../bench/tables-gen/page-model.ts';
import { latexCanSet, pageLatex } from '../../bench/tables-gen/page-latex.ts';
import { pageWriter, writerDraws } from '../../bench/tables-gen/page-writer.ts';
import { calcDraws, pageCalc } from '../../bench/tables-gen/page-calc.ts';
import { tex } from '../../bench/tables-gen/table-latex.ts';
import { fitToLine, fitWidths, MIN_TEXT_PT, wordWidths } from '../../bench/tables-gen/table-odf.ts';
import { onPath } from '../../bench/tables-gen/producer.ts';
import { officeMissing } from '../../bench/tables-gen/producer-office.ts';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SEEDS } from '../../bench/tables-gen/seeds.ts';

const cases = casesFor(SEEDS.dev, 2, 2);
const count = (s: string, re: RegExp): number => (s.match(re) ?? []).length;

describe('tables-gen producers', () => {
  it('keeps the truth and the drawing on one model: the page holds exactly the case tables', () => {
    for (const c of cases) expect(pageTables(c.doc.blocks)).toEqual(c.kind === 'table' ? c.tables : []);
  });

  it('narrows a Writer table to its line without breaking a word: smaller text first, then each column keeps its words', () => {
    // Half a page's line (tables side by side), a third, and a full line, over the dev seed's tables.
    const tables = casesFor(SEEDS.dev, 5, 0).flatMap((c) => (c.kind === 'table' ? c.tables : []));
    let shrunk = 0;
    for (const t of tables) {
      for (const line of [160, 240, 493]) {
        const { textPt, widths } = fitToLine(t, '2pt 7pt', 10, line);
        expect(textPt).toBeLessThanOrEqual(10);
        if (textPt < 10) shrunk++;
        const words = wordWidths(t, '2pt 7pt', textPt);
        const natural = fitWidths(t, '2pt 7pt', textPt);
        // Floored to whole points; the wrapped column's fixed width may be under a long word's.
        widths.forEach((w, c) => expect(w).toBeGreaterThanOrEqual(Math.floor(Math.min(words[c]!, natural[c]!))));
        if (textPt > MIN_TEXT_PT) expect(widths.reduce((s, w) => s + w, 0)).toBeLessThanOrEqual(line);
      }
    }
    expect(shrunk).toBeGreaterThan(0); // some tables only fit half a line with smaller text
  });

  it('writes one tabular per table, with every cell text, and leaves out the pages pdflatex cannot set', () => {
    for (const c of cases.filter((x) => x.kind === 'table')) {
      if (!latexCanSet(c.doc)) {
        expect(c.tables.some((t) => t.cells.some((x) => /[\u0590-\u08ff]/.test(x.text)))).toBe(true);
        continue;
      }
      const src = pageLatex(c.doc, c.id);
      expect(count(src, /\\begin\{tabular\}/g)).toBe(c.tables.length);
      for (const cell of c.tables.flatMap((t) => t.cells)) {
        const words = cell.text.replace(/[−†*]/g, ' ').split(/\s+/).filter((w) => /^[A-Za-z]+$/.test(w));
        for (const w of words) expect(src).toContain(w);
      }
    }
    expect(tex('50% & $5_1 {x}')).toBe('50\\% \\& \\$5\\_1 \\{x\\}');
    expect(tex('−3.1†')).toBe('$-$3.1$\\dagger$');
  });

  it('writes one Writer table per table and one sheet of them for Calc, spans as covered cells', () => {
    for (const c of cases.filter((x) => x.kind === 'table')) {
      const spanned = c.tables.flatMap((t) => t.cells).reduce((s, x) => s + x.cs * x.rs - 1, 0);
      if (writerDraws(c.doc)) {
        const fodt = pageWriter(c.doc, c.id);
        expect(count(fodt, /<table:table /g)).toBe(c.tables.length);
        expect(count(fodt, /<table:covered-table-cell\/>/g)).toBe(spanned);
      }
      if (calcDraws(c.doc)) {
        const fods = pageCalc(c.doc);
        expect(count(fods, /<table:table /g)).toBe(1);
        expect(count(fods, /<table:covered-table-cell\/>/g)).toBe(spanned);
      }
    }
    expect(cases.some((c) => c.kind === 'negative' && !writerDraws(c.doc))).toBe(true);
  });

  it('finds programs on PATH, so a missing producer is skipped', () => {
    expect(onPath('sh')).toBe(true);
    expect(onPath('p2m-no-such-program')).toBe(false);
  });

  it('skips a LibreOffice application whose library is missing beside soffice', () => {
    const dir = mkdtempSync(join(tmpdir(), 'p2m-soffice-'));
    try {
      const soffice = join(dir, 'soffice');
      writeFileSync(soffice, '#!/bin/sh\n', { mode: 0o755 });
      writeFileSync(join(dir, 'libswlo.so'), '');
      expect(officeMissing(soffice, 'libswlo')).toBeNull();
      expect(officeMissing(soffice, 'libsclo')).toMatch(/libsclo\.so/);
      expect(officeMissing(join(dir, 'none'), 'libswlo')).toMatch(/not found/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
