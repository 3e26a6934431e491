/**
 * The chunk cache lives for one page of the tables stage: the lines it is
 * keyed by live to the end of the pipeline, so a cache kept for the whole
 * document held every line's chunks (47 MB on a 2,415-page manual).
 */
import { describe, expect, it } from 'vitest';
import { doc, page, textLines } from '../../test/engine/build.ts';
import { DEFAULT_CONFIG } from '../stage.ts';
import { forgetChunks, lineChunks } from './chunks.ts';
import { tables } from './tables.ts';
import type { TextRun } from '../model.ts';

describe('lineChunks cache', () => {
  it('chunks a line once until forgotten', () => {
    const [line] = textLines(['Name    Value'], 40, 100);
    const first = lineChunks(line!);
    expect(lineChunks(line!)).toBe(first);
    forgetChunks();
    expect(lineChunks(line!)).not.toBe(first);
    expect(lineChunks(line!)).toEqual(first);
  });

  it('holds nothing of a page once the tables stage is past it', () => {
    const lines = textLines(['A paragraph of running text on the page.', 'And its second line goes on here.'], 40, 100);
    const before = lines.map((l) => lineChunks(l));
    tables.run(doc([page(1, lines)]), DEFAULT_CONFIG);
    lines.forEach((l, i) => expect(lineChunks(l)).not.toBe(before[i]));
  });
});

describe('lineChunks and accents drawn as glyphs of their own', () => {
  const at = (text: string, x0: number, x1: number): TextRun => ({
    text, box: { x0, y0: 100, x1, y1: 110 }, fontName: 'CMR10', fontSize: 10, bold: false, italic: false, monospace: false, dir: 'ltr',
  });
  const pieces = (runs: TextRun[]): string[] => lineChunks({ runs, box: { x0: runs[0]!.box.x0, y0: 100, x1: runs[runs.length - 1]!.box.x1, y1: 110 } })
    .map((c) => c.runs.map((r) => r.text).join(''));

  // TeX's OT1 fonts draw `ˆ`, then the `e` under it: the letter's run starts inside the accent's box.
  it('keeps a word whose letter is printed under the accent before it whole', () => {
    expect(pieces([at('Termo em inglˆ', 105, 149.4), at('es', 146.2, 152)])).toEqual(['Termo em inglˆes']);
  });

  it('still parts text printed over the end of a run that ends in no accent (a cell overflowing the next)', () => {
    expect(pieces([at('Termo em ingl', 105, 149.4), at('es', 140, 152)])).toEqual(['Termo em ingl', 'es']);
    expect(pieces([at('x ¯', 105, 149.4), at('es', 140, 152)])).toEqual(['x ¯', 'es']);
  });
});
