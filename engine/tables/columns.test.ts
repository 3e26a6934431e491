import { describe, expect, it } from 'vitest';
import type { TextRun } from '../model.ts';
import { NUMERIC, type Chunk } from './chunks.ts';
import { columnOf, findColumns, joinHeadColumns, type Column } from './columns.ts';
import { tables } from './tables.ts';
import { DEFAULT_CONFIG } from '../stage.ts';
import { spansText } from './cell-text.ts';
import { recordedPage } from '../../test/support/tables/recorded.ts';

const chunk = (text: string, x0: number, x1: number, fontSize = 10): Chunk => {
  const box = { x0, y0: 0, x1, y1: fontSize };
  const r: TextRun = { text, box, fontName: 'f', fontSize, bold: false, italic: false, monospace: false, dir: 'ltr' };
  return { runs: [r], box };
};

/**
 * The gutter test as first written, one scan of all chunks per gap: the
 * reference the sorted-edge version must agree with exactly.
 */
function naiveGutters(chunks: readonly Chunk[], lineCount: number): Column[] {
  const allowed = Math.floor(lineCount * 0.15);
  const edges = [...new Set(chunks.flatMap((c) => [c.box.x0, c.box.x1]))].sort((a, b) => a - b);
  const numbers = chunks.filter((c) => NUMERIC.test(c.runs.map((r) => r.text).join('').trim()));
  const cols: Column[] = [];
  let cur: Column | null = null;
  for (let i = 0; i + 1 < edges.length; i++) {
    const a = edges[i]!;
    const b = edges[i + 1]!;
    const m = (a + b) / 2;
    const count = chunks.filter((c) => c.box.x0 <= m && c.box.x1 >= m).length;
    const starters = chunks.filter((c) => c.box.x0 >= b - 1 && c.box.x0 <= b + 3).length;
    const aligned = starters >= Math.max(3, 0.5 * lineCount) && count < starters;
    const after = numbers.filter((c) => c.box.x0 >= b - 1);
    const right = numbers.some((c) => c.box.x0 < m && c.box.x1 > m
      && after.some((d) => d.box.x0 < c.box.x1 && Math.abs(d.box.x1 - c.box.x1) <= 0.05 * Math.max(1, ...c.runs.map((r) => r.fontSize))));
    const gutter = count === 0 || (b - a >= 2 && ((count <= allowed && starters >= 2) || aligned) && !right);
    if (!gutter) {
      if (cur && cur.x1 >= a - 1) cur.x1 = b;
      else cols.push((cur = { x0: a, x1: b }));
    }
  }
  const used = new Set(chunks.map((c) => columnOf(cols, c)));
  const out: Column[] = [];
  let pending: number | null = null;
  cols.forEach((c, i) => {
    const last = out[out.length - 1];
    if (!used.has(i) && last) last.x1 = c.x1;
    else if (!used.has(i)) pending ??= c.x0;
    else {
      out.push({ ...c, x0: pending ?? c.x0 });
      pending = null;
    }
  });
  return out;
}

/** A deterministic pseudo-random sequence (mulberry32). */
function random(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Rows of cells at jittered column starts, some overflowing, some numbers set flush right. */
function region(seed: number): { chunks: Chunk[]; lines: number } {
  const rnd = random(seed);
  const starts = [40, 140, 260, 330, 420].slice(0, 2 + Math.floor(rnd() * 4));
  const lines = 3 + Math.floor(rnd() * 25);
  const chunks: Chunk[] = [];
  for (let l = 0; l < lines; l++) {
    for (const [k, x] of starts.entries()) {
      if (rnd() < 0.15) continue;
      const width = 10 + rnd() * (rnd() < 0.1 ? 140 : 60);
      const numeric = k > 0 && rnd() < 0.5;
      const x1 = numeric ? x + 60 - Math.round(rnd() * 2) * 0.01 : x + Math.round(rnd() * 3) + width;
      chunks.push(chunk(numeric ? String(Math.floor(rnd() * 10 ** (1 + Math.floor(rnd() * 5)))) : 'cell text', numeric ? x1 - width / 3 : x1 - width, x1));
    }
  }
  return { chunks, lines };
}

describe('findColumns', () => {
  it('finds the gutters between cells', () => {
    const chunks = [0, 1, 2].flatMap((l) => [chunk(`name ${l}`, 40, 90), chunk(`${l * 10}`, 140, 160), chunk('note', 260, 300)]);
    expect(findColumns(chunks, 3)).toEqual([{ x0: 40, x1: 90 }, { x0: 140, x1: 160 }, { x0: 260, x1: 300 }]);
  });

  it('gives the columns of the one-scan-per-gap reference on varied regions', () => {
    for (let seed = 1; seed <= 300; seed++) {
      const { chunks, lines } = region(seed);
      expect(findColumns(chunks, lines), `seed ${seed}`).toEqual(naiveGutters(chunks, lines));
    }
  });
});

describe('joinHeadColumns', () => {
  it('joins a head set flush left with the numbers flush right under it', () => {
    const cols = [{ x0: 40, x1: 90 }, { x0: 100, x1: 120 }, { x0: 140, x1: 170 }];
    const lines = [
      { chunks: [chunk('Item', 40, 90), chunk('Total', 100, 120)], y0: 0, y1: 10 },
      { chunks: [chunk('a', 40, 50), chunk('12', 150, 170)], y0: 12, y1: 22 },
      { chunks: [chunk('b', 40, 50), chunk('7', 160, 170)], y0: 24, y1: 34 },
    ];
    expect(joinHeadColumns(cols, lines)).toEqual([{ x0: 40, x1: 90 }, { x0: 100, x1: 170 }]);
  });

  // Before, `Total` joined the stub on its left (`Retail trade`), and every figure moved one column left.
  it('gives a head between the stub and a column of figures to the figures', () => {
    const cols = [{ x0: 40, x1: 100 }, { x0: 120, x1: 140 }, { x0: 160, x1: 180 }];
    const lines = [
      { chunks: [chunk('Total', 120, 140)], y0: 0, y1: 10 },
      { chunks: [chunk('Croatia', 40, 80), chunk('8.36', 165, 180)], y0: 12, y1: 22 },
      { chunks: [chunk('Retail trade', 40, 100), chunk('-77.3', 160, 180)], y0: 24, y1: 34 },
    ];
    expect(joinHeadColumns(cols, lines)).toEqual([{ x0: 40, x1: 100 }, { x0: 120, x1: 180 }]);
  });

  it('gives a head between two columns of text to the left one, the first it is centred over', () => {
    const cols = [{ x0: 40, x1: 100 }, { x0: 120, x1: 140 }, { x0: 160, x1: 220 }];
    const lines = [
      { chunks: [chunk('D1', 120, 140)], y0: 0, y1: 10 },
      { chunks: [chunk('1st alternative', 40, 100), chunk('2nd alternative', 160, 220)], y0: 12, y1: 22 },
      { chunks: [chunk('(2e) + (2f)', 40, 95), chunk('(4i)', 160, 180)], y0: 24, y1: 34 },
    ];
    expect(joinHeadColumns(cols, lines)).toEqual([{ x0: 40, x1: 140 }, { x0: 160, x1: 220 }]);
  });
});

describe('a header whose labels stand flush left over figures flush right', () => {
  it('puts each label over its own column of figures (Writer, no rules, years over two columns)', () => {
    const out = tables.run(recordedPage('writer-heads-flush-left.json'), DEFAULT_CONFIG);
    const table = out.pages[0]!.blocks.find((b) => b.kind === 'table');
    const rows = table?.kind === 'table' ? table.rows.map((r) => r.map((c) => spansText(c.spans))) : [];
    expect(rows.slice(1, 3)).toEqual([['Total', 'Share', 'Total', 'Share'], ['Croatia', '8.36', '14,166', '+1.8', '−456']]);
    expect(rows.at(-1)).toEqual(['Retail trade', '-77.3', '16.0', '6.86', '-2.73']);
  });
});
