/**
 * Side-by-side stacks of centred lines: a paper's author block set as a grid
 * (acmart, IEEEtran), each author a stack of name, affiliation, city and
 * e-mail centred on one axis, two or three stacks abreast. Read row by row
 * across the page, the stacks interleave ("Ben Trovato Lars Thørväld Valerie
 * Béranger", then their affiliations); each stack is one author and is read
 * whole, stacks left to right and grid row by grid row.
 *
 * A stack is centred when its lines share a centre but neither edge (a
 * justified column shares its right edge, a ragged-right one its left), and
 * headed when its first line is larger or bolder than the rest (the name).
 * Taller stacks of equal height on shared baselines are a table's columns
 * (tables.ts kept them as text) and keep the row order.
 */
import type { Line } from '../model.ts';
import { boxCentreX, lineFontSize, lineText, unionOf } from '../geometry.ts';
import { greatest, least, magnitude, maxOf, minOf } from '../numbers.ts';

/** Lines of one stack have centres this many ems apart at most. */
const CENTRE_TOLERANCE_EM = 1;
/** …and follow each other with at most this many ems of white space between. */
const STACK_GAP_EM = 1.2;
/**
 * A centred stack's left edges and its right edges each spread over at least
 * this many ems: its lines differ in width on both sides. A justified column
 * shares its right edge (its indented first lines spread the left), a
 * ragged-right one its left edge.
 */
const MIN_EDGE_SPREAD_EM = 0.5;
/** Each line of a stack is at most this share of the page's text width: stacks stand abreast. */
const MAX_WIDTH_SHARE = 0.48;
/** Stacks whose tops are this many ems apart or less start one grid row. */
const ROW_TOP_EM = 1.5;
/** A gap this many ems wide parts a row into pieces (one per stack); word spaces are far narrower. */
const PIECE_GAP_EM = 1.5;
/** A line this many times the size of the one below heads no stack with it (a title over the first authors). */
const SIZE_JUMP = 1.3;
/**
 * The name heading a stack is set at least this many times larger than the lines under it; so a stack runs from a
 * name down to smaller or equal text, and a line this much larger than the last starts the next (an author's name).
 */
const NAME_STEP = 1.05;
/** Ems a stack's next line may overlap the last one (tall glyphs, tight leading) and still follow it. */
const STACK_OVERLAP_EM = 0.3;
/** Ems apart two bottoms still share a baseline across the stacks of a table's row. */
const SAME_BASELINE_EM = 0.3;
/** Lines a stack has at least: a name and what follows it. */
const MIN_STACK_LINES = 2;
/** Stacks a group stands abreast at least: one centred stack alone is a title block. */
const MIN_STACKS = 2;
/** Lines a page needs before stacks abreast are sought: two stacks of two lines. */
const MIN_PAGE_LINES = MIN_STACKS * MIN_STACK_LINES;

type Stack = { lines: Line[]; x0: number; x1: number; y0: number; y1: number };

function grow(s: Stack, l: Line): void {
  s.lines.push(l);
  s.x0 = least(s.x0, l.box.x0); s.x1 = greatest(s.x1, l.box.x1);
  s.y1 = greatest(s.y1, l.box.y1);
}

/**
 * Chains lines, top down, onto the stack whose last line is right above and
 * on the same centre. A stack whose last line ends more than the gap allowed
 * to the page's largest line above the current one takes no later line (they
 * start lower still): only the stacks still open are searched, and each
 * line's size is measured once.
 */
function chain(lines: readonly Line[]): Stack[] {
  const stacks: Stack[] = [];
  const sorted = [...lines].sort((a, b) => a.box.y0 - b.box.y0 || a.box.x0 - b.box.x0);
  // Each stack's last line's size is kept on the stack: no map from lines to sizes is built.
  const ems = sorted.map(lineFontSize);
  let top = 0;
  for (let j = 0; j < ems.length; j++) {
    const em = ems[j]!;
    top = greatest(top, em);
  }
  const reach = STACK_GAP_EM * top;
  const open: (Stack & { em: number })[] = [];
  for (let k = 0; k < sorted.length; k++) {
    const l = sorted[k]!, em = ems[k]!;
    // Stacks ending too far above take no more lines (the gap, as below); the open ones keep their order.
    let kept = 0;
    for (let i = 0; i < open.length; i++) {
      const t = open[i]!;
      if (l.box.y0 - t.lines[t.lines.length - 1]!.box.y1 <= reach) open[kept++] = t;
    }
    open.length = kept;
    const s = open.find((t) => {
      const last = t.lines.at(-1)!;
      const gap = l.box.y0 - last.box.y1;
      return gap > -STACK_OVERLAP_EM * em && gap <= STACK_GAP_EM * em && magnitude(boxCentreX(last.box) - boxCentreX(l.box)) <= CENTRE_TOLERANCE_EM * em
        && t.em <= SIZE_JUMP * em && em <= NAME_STEP * t.em;
    });
    if (s) {
      grow(s, l);
      s.em = em;
    } else {
      const t = { lines: [l], x0: l.box.x0, x1: l.box.x1, y0: l.box.y0, y1: l.box.y1, em };
      stacks.push(t);
      open.push(t);
    }
  }
  return stacks;
}

/**
 * …than its last line, or in bold over a last line that is not: a stack is
 * headed, as authors' names head their affiliation (two co-authors may share
 * one); a table header's stacked words are not.
 */
function headed(s: Stack): boolean {
  const name = s.lines[0]!, last = s.lines.at(-1)!;
  const bold = (l: Line) => l.runs.filter((r) => r.text.trim()).every((r) => r.bold);
  return lineFontSize(name) >= NAME_STEP * lineFontSize(last) || (bold(name) && !bold(last));
}

function centred(s: Stack, textWidth: number): boolean {
  // Asked of every stack of every page: the widths, read off the boxes, rule out most (a column's lines) first.
  if (s.lines.length < MIN_STACK_LINES || !s.lines.every((l) => l.box.x1 - l.box.x0 <= MAX_WIDTH_SHARE * textWidth) || !headed(s)) return false;
  const em = maxOf(s.lines.map(lineFontSize));
  const spread = (xs: number[]) => maxOf(xs) - minOf(xs);
  return spread(s.lines.map((l) => l.box.x0)) >= MIN_EDGE_SPREAD_EM * em && spread(s.lines.map((l) => l.box.x1)) >= MIN_EDGE_SPREAD_EM * em;
}

const abreast = (a: Stack, b: Stack): boolean => a.y0 < b.y1 && b.y0 < a.y1 && (a.x1 <= b.x0 || b.x1 <= a.x0);

/** An author's stack holds at most this many lines (names, department, institution, city, e-mail)… */
const MAX_AUTHOR_LINES = 5;

/** …so stacks of more lines each, all on baselines shared across, are a table's columns. */
function tableLike(group: readonly Stack[]): boolean {
  const n = group[0]!.lines.length;
  if (n <= MAX_AUTHOR_LINES || group.some((s) => s.lines.length !== n)) return false;
  return group[0]!.lines.every((l, k) => group.every((s) => magnitude(s.lines[k]!.box.y1 - l.box.y1) <= SAME_BASELINE_EM * lineFontSize(l)));
}

/**
 * Whether a group is a grid of authors beyond doubt: every stack headed by a
 * line set larger than each line under it (names over affiliations), every
 * line more letters than digits (names, institutions, cities, e-mails; not
 * figures), and no other text in its rows (a table's stub column). Such a
 * grid is authors even where its stacks share baselines like a table's
 * columns (tables/author-grid.ts); a table's header row may be set larger
 * than its cells, but its cells are figures or it has a stub.
 */
function named(group: readonly Stack[], loose: readonly Stack[]): boolean {
  if (loose.length) return false;
  return group.every((s) => {
    const head = lineFontSize(s.lines[0]!);
    return s.lines.slice(1).every((l) => head >= NAME_STEP * lineFontSize(l)) && s.lines.every(wordy);
  });
}

/** More letters than digits. */
function wordy(l: Line): boolean {
  const text = lineText(l);
  return (text.match(/\p{L}/gu)?.length ?? 0) > (text.match(/\p{N}/gu)?.length ?? 0);
}

/** Lines read as part of an author's stack: a name there is no heading, however large (headings.ts). */
const stacked = new WeakSet<Line>();
export const inAuthorStack = (l: Line): boolean => stacked.has(l);

/** Pieces of rows, each a line of its own, and beside each (same index) the row it came from. */
type Pieces = { pieces: Line[]; rows: Line[] };

/** The rows' runs parted at wide gaps. */
function pieces(lines: readonly Line[]): Pieces {
  const out: Pieces = { pieces: [], rows: [] };
  const add = (piece: Line, row: Line) => {
    out.pieces.push(piece);
    out.rows.push(row);
  };
  for (let j = 0; j < lines.length; j++) {
    const l = lines[j]!;
    // Most rows have no wide gap: the row is its one piece.
    if (!l.runs.some((r, i) => i > 0 && r.box.x0 - l.runs[i - 1]!.box.x1 > PIECE_GAP_EM * least(l.runs[i - 1]!.fontSize, r.fontSize))) {
      if (l.runs.length) add(l, l);
      continue;
    }
    let cur: Line['runs'] = [];
    const flush = () => {
      if (cur.length) add(cur.length === l.runs.length ? l : { runs: cur, box: unionOf(cur) }, l);
      cur = [];
    };
    for (let k = 0; k < l.runs.length; k++) {
      const r = l.runs[k]!;
      const prev = cur.at(-1);
      if (prev && r.box.x0 - prev.box.x1 > PIECE_GAP_EM * least(prev.fontSize, r.fontSize)) flush();
      cur.push(r);
    }
    flush();
  }
  return out;
}

/**
 * A group of centred stacks abreast: the page's lines it takes (whole rows),
 * its pieces in reading order, and whether every stack is headed by a larger
 * name ({@link named}).
 */
export type StackGroup = { rows: Set<Line>; order: Line[]; named: boolean };

/**
 * Groups of centred stacks standing abreast: for each, the page's lines it
 * takes (whole rows) and its pieces in reading order (stack by stack, grid
 * row by grid row). Pieces of those rows in no stack stand alone in the order.
 */
export function centredStacks(lines: readonly Line[]): StackGroup[] {
  const flat = lines.filter((l) => l.runs.length > 0 && l.runs.every((r) => r.dir !== 'ttb' && !r.rotation));
  if (flat.length < MIN_PAGE_LINES) return [];
  let left = Infinity, right = -Infinity;
  for (let i = 0; i < flat.length; i++) {
    const l = flat[i]!;
    left = least(left, l.box.x0);
    right = greatest(right, l.box.x1);
  }
  const textWidth = right - left;
  const parts = pieces(flat);
  const all = chain(parts.pieces);
  const stacks = all.filter((s) => centred(s, textWidth));
  // A group stands MIN_STACKS abreast at least: most pages have fewer centred stacks in all, and need no map of rows.
  if (stacks.length < MIN_STACKS) return [];
  const rowOf = new Map(parts.pieces.map((p, i) => [p, parts.rows[i]!]));
  // Connected groups of stacks abreast.
  const seen = new Set<Stack>();
  const out: StackGroup[] = [];
  const taken = new Set<Line>();
  for (const s of stacks) {
    if (seen.has(s)) continue;
    const group = [s];
    seen.add(s);
    for (let i = 0; i < group.length; i++) {
      for (const t of stacks) if (!seen.has(t) && abreast(group[i]!, t)) { seen.add(t); group.push(t); }
    }
    if (group.length < MIN_STACKS || tableLike(group)) continue;
    const rows = new Set(group.flatMap((t) => t.lines.map((p) => rowOf.get(p)!)));
    if ([...rows].some((r) => taken.has(r))) continue;
    rows.forEach((r) => taken.add(r));
    // The rows' other pieces (a lone e-mail under a stack that ended) stand as stacks of their own.
    const inGroup = new Set(group.flatMap((t) => t.lines));
    const loose = all.filter((t) => !group.includes(t) && t.lines.some((p) => rows.has(rowOf.get(p)!)));
    if (loose.some((t) => t.lines.some((p) => !rows.has(rowOf.get(p)!)))) continue;
    const order = readOrder([...group, ...loose]).flatMap((t) => t.lines);
    order.forEach((p) => { if (inGroup.has(p)) stacked.add(p); });
    out.push({ rows, order, named: named(group, loose) });
  }
  return out;
}

/** Stacks grid row by grid row (tops within ROW_TOP_EM), left to right in a row. */
function readOrder(group: Stack[]): Stack[] {
  const byTop = [...group].sort((a, b) => a.y0 - b.y0);
  const rows: Stack[][] = [];
  for (const s of byTop) {
    const row = rows.at(-1);
    const em = lineFontSize(s.lines[0]!);
    if (row && magnitude(s.y0 - row[0]!.y0) <= ROW_TOP_EM * em) row.push(s);
    else rows.push([s]);
  }
  return rows.flatMap((r) => r.sort((a, b) => a.x0 - b.x0));
}
