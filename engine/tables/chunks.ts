/**
 * Splits text lines into chunks: stretches of runs separated by less than a
 * column-sized gap. A chunk is the unit that lands in one table cell.
 */
import type { Box, Line, TextRun } from '../model.ts';

/** Runs of one line close enough to belong to one cell. */
export type Chunk = { runs: TextRun[]; box: Box; line: number };

/** Gap (in ems of the larger font) that separates two chunks of one line. */
export const CHUNK_GAP_EM = 0.7;

/** Smallest box holding all the given boxes. */
export function union(boxes: readonly Box[]): Box {
  return {
    x0: Math.min(...boxes.map((b) => b.x0)),
    y0: Math.min(...boxes.map((b) => b.y0)),
    x1: Math.max(...boxes.map((b) => b.x1)),
    y1: Math.max(...boxes.map((b) => b.y1)),
  };
}

/** Splits line `index` into chunks at gaps wider than `gapEm` ems. */
export function lineChunks(line: Line, index: number, gapEm = CHUNK_GAP_EM): Chunk[] {
  const runs = line.runs.filter((r) => r.text.trim() !== '').sort((a, b) => a.box.x0 - b.box.x0);
  const chunks: Chunk[] = [];
  let cur: TextRun[] = [];
  for (const run of runs) {
    const prev = cur[cur.length - 1];
    const em = Math.max(prev?.fontSize ?? 0, run.fontSize, 1);
    if (prev && run.box.x0 - prev.box.x1 > gapEm * em) {
      chunks.push({ runs: cur, box: union(cur.map((r) => r.box)), line: index });
      cur = [];
    }
    cur.push(run);
  }
  if (cur.length) chunks.push({ runs: cur, box: union(cur.map((r) => r.box)), line: index });
  return chunks;
}

/** Horizontal centre of a box. */
export const midX = (b: Box): number => (b.x0 + b.x1) / 2;


