/**
 * The line pitches of a whitespace table region, from which rows.ts tells a
 * padded row's start from a wrapped line: when pitches fall into a short and
 * a long mode, the short one is a wrapped line inside a row and the long one
 * a row break.
 *
 * A line set off less than a line below the last (a one-line cell centred
 * against a two-line one: `Sector` half a line under `2013`, a value between
 * the two lines of a wrapped stub) makes a half pitch. Half pitches that
 * recur, row after row, decide: values centred against wrapped stubs mark
 * each row by sitting between its lines, even where rows stand hardly
 * further apart than lines. Half pitches of one row only (a header cell
 * centred against a two-line header) would make the only short pitch, and
 * every wrapped body line a row: there the lines of text decide, measured
 * without them, when they are bimodal themselves.
 */
import type { TextRun } from '../model.ts';
import type { RegionLine } from './columns.ts';
import { minOf } from '../numbers.ts';

/** Pitch (share of the shortest) still within the short mode of a region's line pitches: rounding of baselines. */
export const SAME_PITCH = 1.08;
/** Pitch (share of the shortest) from which a line is a padded row's start, not a wrapped line: padding of a few points. */
export const PADDED_PITCH = 1.15;
/**
 * Baseline distance (ems) under which a line is set off between two lines,
 * not a line of text of its own: half a line pitch is 0.6–0.7 em at the usual
 * pitches of 1.2–1.4 em; lines of text, even code set tight, stand further
 * apart.
 */
const MIN_LINE_PITCH_EM = 0.8;

/**
 * Share of a line's largest type under which a short run is a raised or
 * lowered mark (a footnote star, an index set in a math font's script size)
 * that the reader did not flag as script: it sits off the baseline.
 */
const MARK_SIZE_SHARE = 0.8;
/** Characters a mark has at most (`∗`, `†`, `a`, `12`); longer smaller text is text (a side label beside a paragraph). */
const MARK_CHARS = 2;

/** Share of its font size under which a run's box is its glyphs' ink, not the font's height (a lone x-height glyph). */
const INK_BOX_SHARE = 0.6;

/** Whether a run is a mark beside text of `size` points: one or two characters set much smaller. */
export const isMark = (r: TextRun, size: number): boolean => r.fontSize < MARK_SIZE_SHARE * size && r.text.trim().length <= MARK_CHARS;

/**
 * A line's baseline, as the highest bottom of its runs: a raised mark, a
 * dagger or a math font's taller minus moves a line's top by points, while
 * the text of a row sits on one baseline (TeX sets rows a fixed baseline
 * pitch apart). The highest bottom is the line's first baseline when the
 * line holds two (a wrapped label beside a paragraph line), as its top was.
 * Raised and lowered script runs do not count, nor marks set much smaller
 * than the line's text (`6.50∗`, the star raised in a smaller font).
 */
/**
 * A line's top and height from its text alone: scripts and marks (a
 * formula's sub- and superscripts, `Ψ²₁`) stretch its box by half a line
 * either way, which would make the next row look set off within this one.
 */
export function textBand(l: RegionLine): { y0: number; height: number } {
  const runs = l.chunks.flatMap((c) => c.runs.filter((r) => !r.script && r.text.trim() !== ''));
  let top = 0;
  for (const r of runs) top = Math.max(top, r.fontSize);
  const kept = runs.filter((r) => !isMark(r, top));
  if (!kept.length) return { y0: l.y0, height: l.y1 - l.y0 };
  let y0 = Infinity, y1 = -Infinity;
  for (const r of kept) {
    y0 = Math.min(y0, r.box.y0);
    y1 = Math.max(y1, r.box.y1);
  }
  return { y0, height: y1 - y0 };
}

export function lineBase(l: RegionLine): number {
  const runs = l.chunks.flatMap((c) => c.runs.filter((r) => !r.script && r.text.trim() !== ''));
  let top = 0;
  for (const r of runs) top = Math.max(top, r.fontSize);
  const kept = runs.filter((r) => !isMark(r, top));
  // A glyph boxed to its own ink (a math italic π) stops short of the baseline: it counts only when nothing else does.
  const full = kept.filter((r) => r.box.y1 - r.box.y0 >= INK_BOX_SHARE * r.fontSize);
  const bottoms = (full.length ? full : kept).map((r) => r.box.y1);
  return bottoms.length ? minOf(bottoms) : l.y1;
}

/** Pitches, and the index of the line each leads to. */
type Pitches = { pitches: number[]; to: number[] };

/** Runs of consecutive pitches under `half`: one for each row that sets a cell off between its lines. */
function halfRuns(pitches: readonly number[], half: number): number {
  let runs = 0;
  pitches.forEach((p, i) => {
    if (p < half && !(i > 0 && pitches[i - 1]! < half)) runs++;
  });
  return runs;
}

/**
 * Pitches from the gap under the second line (the gap under the first is
 * often a header's extra space); none across a rule, whose padding stretches
 * it. With `minPitch`, a line less than that below the last line measured is
 * skipped, and the next is measured from that last line.
 */
function pitchesOf(lines: readonly RegionLine[], ruled: (a: RegionLine, b: RegionLine) => boolean, minPitch = -Infinity): Pitches {
  const out: Pitches = { pitches: [], to: [] };
  let from = 1;
  for (let i = 2; i < lines.length; i++) { // from the gap under the second line
    if (ruled(lines[i - 1]!, lines[i]!)) {
      from = i;
      continue;
    }
    const pitch = lineBase(lines[i]!) - lineBase(lines[from]!);
    if (pitch < minPitch) continue;
    out.pitches.push(pitch);
    out.to.push(i);
    from = i;
  }
  return out;
}

/** The shortest pitch, and whether a long mode stands apart from it. */
function modes(p: Pitches, lines: readonly RegionLine[], labelOnly: (l: RegionLine) => boolean): { minP: number; bimodal: boolean } {
  const minP = p.pitches.length ? minOf(p.pitches) : 0;
  const short = p.pitches.filter((x) => x <= minP * SAME_PITCH).length;
  // A row-group label (text in the stub only) gets space above it (booktabs' \addlinespace):
  // a long pitch into it breaks a group of rows, not a padded row.
  const long = p.pitches.filter((x, i) => x > minP * PADDED_PITCH && !labelOnly(lines[p.to[i]!]!)).length;
  return { minP, bimodal: short >= 1 && long >= 1 };
}

/**
 * The region's shortest pitch, whether its pitches are bimodal, and whether
 * any pitch was measured at all; see the module comment. `size` is the
 * region's median font size.
 */
export function rowPitches(
  lines: readonly RegionLine[], ruled: (a: RegionLine, b: RegionLine) => boolean, labelOnly: (l: RegionLine) => boolean, size: number,
): { minP: number; bimodal: boolean; measured: boolean } {
  const all = pitchesOf(lines, ruled);
  const half = MIN_LINE_PITCH_EM * size;
  const byText = halfRuns(all.pitches, half) === 1 ? modes(pitchesOf(lines, ruled, half), lines, labelOnly) : null;
  const chosen = byText?.bimodal ? byText : modes(all, lines, labelOnly);
  return { ...chosen, measured: all.pitches.length > 0 };
}
