/**
 * Justified text in a narrow cell (LaTeX's `p{}` columns, a justified
 * paragraph in a Word cell) stretches its word spaces until they look like
 * gutters, and the line splits into chunks. A gutter holds over the rows; a
 * stretched word space does not: the cell's next (or previous) line, set at
 * a paragraph's leading, starts and ends where the split line does and has
 * text across each of its wide gaps. Such chunks are joined again.
 */
import { SLACK_EM, union, type Chunk } from './chunks.ts';
import { LAYOUT_COLUMN_SHARE, WRAP_BLANK_LINES } from './measures.ts';

/** A line of chunks and its vertical extent. */
type ChunkLine = { chunks: Chunk[]; y0: number; y1: number };

/** Whether a chunk holds a word: numbers and leader dots are no prose stretched to a margin. */
const hasWord = (c: Chunk): boolean => c.runs.some((r) => /\p{L}/u.test(r.text));

/** Whether `other` follows or precedes `line` at a paragraph's leading. */
function adjacent(line: ChunkLine, other: ChunkLine): boolean {
  const height = Math.max(line.y1 - line.y0, 1);
  const blank = Math.max(other.y0 - line.y1, line.y0 - other.y1);
  return blank >= 0 && blank <= WRAP_BLANK_LINES * height;
}

/**
 * End index of the run of chunks from `k` that is one justified line of a
 * cell, -1 when there is none. `other` is a line of the same cell: a chunk of
 * it starts where the run does and has text across the run's first gap. The
 * run holds every chunk that follows at its equal gaps (a justified line
 * stretches each word space alike), each of them a word; a run of two chunks, whose one gap proves
 * nothing by its width, must also end where that chunk of `other` ends.
 */
function justifiedRun(chunks: readonly Chunk[], k: number, other: readonly Chunk[], pageWidth: number): number {
  const slack = SLACK_EM * chunks[k]!.runs[0]!.fontSize;
  const near = (a: number, b: number): boolean => Math.abs(a - b) <= slack;
  const gap = (i: number): number => chunks[i + 1]!.box.x0 - chunks[i]!.box.x1;
  if (k + 1 >= chunks.length) return -1;
  const cell = other.find((c) => near(c.box.x0, chunks[k]!.box.x0) && c.box.x1 > chunks[k + 1]!.box.x0);
  if (!cell) return -1;
  let end = k + 1;
  while (end + 1 < chunks.length && near(gap(end), gap(k))) end++;
  // A piece with no word at the same stretched gap (a `--` at the margin, leader dots) makes the line prose or a leader, not a cell.
  if (!chunks.slice(k, end + 1).every(hasWord)) return -1;
  if (chunks[end]!.box.x1 - chunks[k]!.box.x0 > LAYOUT_COLUMN_SHARE * pageWidth) return -1;
  return end > k + 1 || near(cell.box.x1, chunks[end]!.box.x1) ? end : -1;
}

/** The line's chunks with each justified run (see justifiedRun) joined into one chunk. */
function joinAgainst(chunks: Chunk[], other: readonly Chunk[], pageWidth: number): Chunk[] {
  const out: Chunk[] = [];
  for (let k = 0; k < chunks.length; k++) {
    const end = justifiedRun(chunks, k, other, pageWidth);
    if (end < 0) {
      out.push(chunks[k]!);
      continue;
    }
    const part = chunks.slice(k, end + 1);
    out.push({ runs: part.flatMap((c) => c.runs), box: union(part.map((c) => c.box)) });
    k = end;
  }
  return out.length === chunks.length ? chunks : out;
}

/**
 * The lines (sorted top to bottom) with the word spaces of justified cell
 * text in cells no longer splitting them (see the module comment). Lines left
 * unchanged are returned as they are.
 */
export function joinJustified<T extends ChunkLine>(lines: readonly T[], pageWidth: number): T[] {
  let out = [...lines];
  // Until nothing joins: a split line of a cell may be joined only against another once that one is.
  for (let changed = true; changed;) {
    changed = false;
    out = out.map((line, i) => {
      let chunks = line.chunks;
      // The line above, then the line below; no array of the two is made per line and pass.
      for (let d = -1; d <= 1; d += 2) { // d: -1, then +1
        const other = out[i + d];
        if (chunks.length < 2 || !other || !adjacent(line, other)) continue; // a line in one piece has nothing to join
        chunks = joinAgainst(chunks, other.chunks, pageWidth);
      }
      if (chunks === line.chunks) return line;
      changed = true;
      return { ...line, chunks };
    });
  }
  return out;
}
