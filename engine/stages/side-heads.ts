/**
 * Running heads and folios set in a side margin, beside the text block
 * (Emerald's journals, some books): "Shift work / interventions" and "163"
 * in the outer margin of each odd page, the journal's name and "164" on each
 * even one. They share baselines with body lines, so the lines stage runs
 * them into a body line, and the top and bottom bands never see them. They
 * are found as runs: wholly beside the page's text block, and recurring with
 * the same text (digits folded) at about the same height on a good share of
 * the pages, as running heads at the edges must.
 */
import type { Line, Page, TextRun } from '../model.ts';
import { furnitureKey, recurringGroups, Y_TOLERANCE } from './furniture-key.ts';
import { sortedView } from '../in-order.ts';
import { greatest, least, magnitude, maxOf, minOf } from '../numbers.ts';

/**
 * Share of a page's characters that may lie outside its text block on either
 * side: the block is what holds the rest. A side head is a few words against
 * a page of text (under 1 % on Emerald's pages); a page with little text
 * yields a block that takes them in.
 */
const OUTSIDE_SHARE = 0.02;
/** Bins of the character histogram across a page: enough for a point's resolution on a letter page. */
const BINS = 1024;

/**
 * Bins filled first at each end of the histogram: a block's edges mostly lie
 * within them, and a run as wide as the page would otherwise add to all 1,024.
 */
const END_BINS = 128;
/** Bins filled at a time from either end, up to END_BINS: a block's edge mostly lies within the first few. */
const STEP_BINS = 32;

/**
 * Adds each run's characters, spread evenly over its bins, to the bins from
 * `from` to `to`: each bin sums its runs in their order, whichever part of
 * the histogram is filled in which call.
 */
function addRuns(counts: Float64Array, runs: readonly TextRun[], lo: number, bin: number, from: number, to: number): void {
  for (let k = 0; k < runs.length; k++) {
    const r = runs[k]!;
    if (r.text.length === 0) continue;
    const a = least(BINS - 1, Math.floor((r.box.x0 - lo) / bin));
    const b = least(BINS - 1, Math.floor((r.box.x1 - lo) / bin));
    if (!(a <= b)) continue; // as the full loop from a to b would not run (a NaN box)
    const share = r.text.length / (b - a + 1);
    const last = b < to ? b : to;
    for (let i = a > from ? a : from; i <= last; i++) counts[i]! += share;
  }
}

/** The first bin, `steps` at most from `from` by `step`, at which the characters seen pass `limit`; -1 if none. */
function crossing(counts: Float64Array, from: number, step: 1 | -1, steps: number, limit: number): number {
  let seen = 0;
  for (let n = 0, i = from; n < steps && i >= 0 && i < BINS; n++, i += step) {
    seen += counts[i]!;
    if (seen > limit) return i;
  }
  return -1;
}

/**
 * The horizontal extent of most of the page's characters, each run's
 * characters spread evenly across its box: a run may be a word or a whole
 * line, and a line's first run may hold one character or eighty.
 */
export function textBlock(runs: readonly TextRun[]): [number, number] | null {
  let lo = Infinity;
  let hi = -Infinity;
  let total = 0;
  for (let k = 0; k < runs.length; k++) {
    const r = runs[k]!;
    if (r.text.length === 0) continue;
    lo = least(lo, r.box.x0);
    hi = greatest(hi, r.box.x1);
    total += r.text.length;
  }
  if (total === 0 || hi <= lo) return total === 0 ? null : [lo, hi];
  const bin = (hi - lo) / BINS;
  const counts = new Float64Array(BINS);
  const limit = OUTSIDE_SHARE * total;
  // Each end is filled STEP_BINS at a time, up to END_BINS, until its edge is found: bins past it are never read.
  let left = -1, right = -1, fromLeft = 0, fromRight = 0;
  while (left < 0 && fromLeft < END_BINS) {
    addRuns(counts, runs, lo, bin, fromLeft, fromLeft + STEP_BINS - 1);
    fromLeft += STEP_BINS;
    left = crossing(counts, 0, 1, fromLeft, limit);
  }
  while (right < 0 && fromRight < END_BINS) {
    addRuns(counts, runs, lo, bin, BINS - fromRight - STEP_BINS, BINS - fromRight - 1);
    fromRight += STEP_BINS;
    right = crossing(counts, BINS - 1, -1, fromRight, limit);
  }
  if (left < 0 || right < 0) {
    // The bins not filled yet lie between the two ends' filled bins.
    addRuns(counts, runs, lo, bin, fromLeft, BINS - fromRight - 1);
    left = crossing(counts, 0, 1, BINS, limit);
    right = crossing(counts, BINS - 1, -1, BINS, limit);
  }
  return [left < 0 ? lo : lo + left * bin, right < 0 ? hi : lo + (right + 1) * bin];
}

/** The runs of all the page's lines, in order (no array per line). */
function pageRuns(page: Page): TextRun[] {
  const out: TextRun[] = [];
  for (let i = 0; i < page.lines.length; i++) {
    const runs = page.lines[i]!.runs;
    for (let k = 0; k < runs.length; k++) out.push(runs[k]!);
  }
  return out;
}

type SideLine = { page: number; runs: TextRun[]; key: string; y: number };

/** A first or last line at least this many of its heights from the next stands apart: a running header or footer. */
const APART = 1.5;

/**
 * The page's lines' runs that may be side heads: between the top and bottom bands
 * (`band` of the height each, as furniture.ts draws them), and not on a first
 * or last line that stands apart from the text. A folio that ends a running
 * header belongs to that header's line, which the bands judge whole, though
 * the header may reach below the band and the folio stand beside indented
 * text. A side head may share the first line with the body's first line.
 */
function between(page: Page, band: number): TextRun[][] {
  const h = page.height || Math.max(0, ...page.lines.map((l) => l.box.y1));
  const sorted = sortedView(page.lines, (a, b) => a.box.y0 - b.box.y0);
  const n = sorted.length;
  const apart = (l: Line, next: Line | undefined) =>
    next !== undefined && greatest(next.box.y0 - l.box.y1, l.box.y0 - next.box.y1) > APART * (l.box.y1 - l.box.y0);
  const inner = sorted.filter((l, i) => !((i === 0 && apart(l, sorted[1])) || (i === n - 1 && apart(l, sorted[n - 2])))); // the line next to the last
  const inBand = (r: TextRun) => r.box.y1 > h * band && r.box.y0 < h * (1 - band);
  return inner.map((l) => l.runs.filter(inBand)).filter((rs) => rs.length > 0);
}

/** Whether a run of the page's lines passes the test. */
function anyRun(page: Page, test: (r: TextRun) => boolean): boolean {
  for (let i = 0; i < page.lines.length; i++) {
    const runs = page.lines[i]!.runs;
    for (let k = 0; k < runs.length; k++) if (test(runs[k]!)) return true;
  }
  return false;
}

/**
 * The page's runs wholly beside its text block, at least an em clear of it,
 * grouped by baseline. Only between the bands: a folio at the end of a running
 * header is part of that header's line, which the bands judge whole.
 */
function sideLines(page: Page, band: number, block: [number, number] | null, usual: [number, number] | null): SideLine[] {
  if (!block || !usual) return [];
  const outside = (r: TextRun, b: [number, number]) => r.box.x0 >= b[1] + r.fontSize || r.box.x1 <= b[0] - r.fontSize;
  // Most pages have no run beside both blocks: their lines are not sorted and filtered for none.
  if (!anyRun(page, (r) => outside(r, block) && outside(r, usual))) return [];
  // Set apart from the rest of its line too: a bracket or a full stop a line starts or ends with is no head.
  const clear = (r: TextRun, rest: readonly TextRun[]) => rest.every((o) => greatest(o.box.x0 - r.box.x1, r.box.x0 - o.box.x1) >= r.fontSize);
  const beside = between(page, band).flatMap((runs) => {
    const out = runs.filter((r) => outside(r, block) && outside(r, usual));
    const rest = runs.filter((r) => !out.includes(r));
    return out.filter((r) => clear(r, rest));
  });
  const lines: TextRun[][] = [];
  for (const r of [...beside].sort((a, b) => a.box.y1 - b.box.y1 || a.box.x0 - b.box.x0)) {
    const last = lines[lines.length - 1];
    const prev = last?.[last.length - 1];
    const sameSide = prev && (prev.box.x0 >= block[1]) === (r.box.x0 >= block[1]);
    if (prev && sameSide && magnitude(prev.box.y1 - r.box.y1) <= r.fontSize / 2) last!.push(r);
    else lines.push([r]);
  }
  return lines.map((rs) => ({
    page: page.number,
    runs: rs,
    key: furnitureKey(rs.map((r) => r.text).join(' ')),
    y: minOf(rs.map((r) => r.box.y0)),
  }));
}

/**
 * The usual text block of a set of pages (the odd ones, or the even ones: a
 * book's margins alternate): the median of each edge. A page whose second
 * column is short has a block of one column; text beside that is not beside
 * the usual block.
 */
function usualBlock(blocks: ([number, number] | null)[]): [number, number] | null {
  const found = blocks.filter((b) => b !== null);
  if (found.length === 0) return null;
  const median = (xs: number[]) => xs.sort((a, b) => a - b)[xs.length >> 1]!;
  return [median(found.map((b) => b[0])), median(found.map((b) => b[1]))];
}

/** A recurring side head: its text key, its height on the page, and the spans it was found across. */
type Place = { key: string; y: number; spans: [number, number][]; beside: number };

/**
 * The text of a side head, digits folded: two letters or more ("ER", a
 * title), or a folio ("#", "#,#"). A lone bracket, letter or stop recurs at
 * some height on any few pages of a long manual.
 */
const HEAD_TEXT = /\p{L}.*\p{L}|^[^\p{L}]*#[^\p{L}]*$/u;
/** Pages a side head stands beside the text block on at least: on two, a table's last column or a hanging footnote mark may. */
const MIN_PAGES = 3;
/** Least share of the pages holding a side head at its place on which it stands beside the text block. */
const BESIDE_SHARE = 0.5;

/**
 * Runs of side-margin running heads and folios that recur on at least `need`
 * pages, between the top and bottom bands (`band` of the page height each).
 * A head found recurring beside the text block is then taken at the same
 * place on every page, also where a table or a figure page gave no clear text
 * block to stand beside.
 */
export function sideHeadRuns(pages: readonly Page[], need: number, band: number): Set<TextRun> {
  const found = new Set<TextRun>();
  if (pages.length < 2) return found; // nothing recurs on one page
  const blocks = pages.map((p) => textBlock(pageRuns(p)));
  const parity = (i: number) => i % 2; // a book's recto and verso pages
  const usual = [usualBlock(blocks.filter((_, i) => parity(i) === 0)), usualBlock(blocks.filter((_, i) => parity(i) === 1))];
  const lines = pages.flatMap((p, i) => sideLines(p, band, blocks[i]!, usual[parity(i)]!)).filter((l) => HEAD_TEXT.test(l.key));
  const places: Place[] = [];
  for (const { key, y, near, pages: beside } of recurringGroups(lines)) {
    if (beside < greatest(MIN_PAGES, need)) continue;
    const spans = near.map((l): [number, number] => [minOf(l.runs.map((r) => r.box.x0)), maxOf(l.runs.map((r) => r.box.x1))]);
    places.push({ key, y, spans: distinct(spans), beside });
  }
  if (places.length === 0) return found; // most documents have no side head: no page's runs to gather
  const runsBetween = pages.map((p) => between(p, band).flat());
  for (const place of places) {
    const taken = runsBetween.map((runs) => place.spans.flatMap((span) => runsAt(runs, place, span)));
    // Beside the block on most pages that have it: a folio inside a running header stands beside only
    // the pages of short lines (code, lists), a side head beside all but pages of tables and figures.
    if (place.beside < BESIDE_SHARE * taken.filter((t) => t.length > 0).length) continue;
    taken.flat().forEach((r) => found.add(r));
  }
  return found;
}

/** Spans that differ by more than the tolerance (the odd pages' place, the even pages'). */
function distinct(spans: [number, number][]): [number, number][] {
  const out: [number, number][] = [];
  for (const s of spans) if (!out.some((o) => magnitude(o[0] - s[0]) <= Y_TOLERANCE && magnitude(o[1] - s[1]) <= Y_TOLERANCE)) out.push(s);
  return out;
}

/** The runs at `place` within `span`, when together they read as the place's text; else none. */
function runsAt(runs: readonly TextRun[], place: Place, span: [number, number]): TextRun[] {
  const at = runs
    .filter((r) => magnitude(r.box.y0 - place.y) <= Y_TOLERANCE && r.box.x0 >= span[0] - Y_TOLERANCE && r.box.x1 <= span[1] + Y_TOLERANCE)
    .sort((a, b) => a.box.x0 - b.box.x0);
  return at.length > 0 && furnitureKey(at.map((r) => r.text).join(' ')) === place.key ? at : [];
}
