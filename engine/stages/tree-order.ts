/**
 * Tagged PDFs: reading order from a trusted structure tree. Runs carry the
 * place of their marked content in the tree's depth-first order
 * (`structOrder`) and the block element holding them (`structBlock`). The
 * layout's flow (reading-order.ts) is put in the tree's order only where the
 * tree agrees with the page:
 * - nearly all the text is in the tree, and each line's runs fall into
 *   side-by-side pieces of one element each (a line the layout read across
 *   two columns is cut between them; a line that goes A B A is no order);
 * - no element is claimed twice: the text of a table block belongs to no line;
 * - the tree never goes back up the page within a column: where reading
 *   passes from one element to another, the second's text does not end above
 *   the first's top while they share most of their width.
 * Text the tree does not hold (artifacts: furniture kept, drawn bullets)
 * keeps its place: at the page's start or end, or after what the layout reads
 * before it. Otherwise the layout's order stands.
 */
import type { Box, FlowItem, Line, Page, TextRun } from '../model.ts';
import { unionOf, visibleLength } from '../geometry.ts';

/** Share of the flow's characters the tree must hold for its order to count. */
const MIN_TAGGED = 0.9;
/** How much of the narrower element's width two elements must share to be in one column. */
const SAME_COLUMN = 0.5;
/** How far (in ems of text) an element may end above the one before it and still count as beside or below it. */
const ABOVE_EM = 0.25;

/**
 * A piece of the flow: its place in the tree's order and its element
 * (undefined for text the tree does not hold), box and size.
 */
type Unit = { flow: FlowItem; key: number | undefined; block: number | undefined; box: Box; chars: number; em: number };

/** The earliest place in the tree's order among the runs, and their first element. */
function treeKeys(runs: readonly TextRun[]): { key: number | undefined; block: number | undefined } {
  let key: number | undefined, block: number | undefined;
  for (let i = 0; i < runs.length; i++) {
    const r = runs[i]!;
    if (r.structOrder !== undefined && (key === undefined || r.structOrder < key)) key = r.structOrder;
    block ??= r.structBlock;
  }
  return { key, block };
}

const emOf = (runs: readonly TextRun[]) => runs.reduce((m, r) => Math.max(m, r.fontSize), 1);
/** Visible characters of the runs (UTF-16 units other than `\s`), counted without a copy of each text stripped. */
const chars = (runs: readonly TextRun[]) => runs.reduce((n, r) => n + visibleLength(r.text), 0);

/**
 * A line cut into pieces of one element each, runs the tree does not hold
 * going with the piece they touch (the next one at the line's start); null
 * when an element's runs are not side by side.
 */
function cutLine(line: Line): Line[] | null {
  const groups: { key: number | undefined; runs: TextRun[] }[] = [];
  for (let i = 0; i < line.runs.length; i++) {
    const r = line.runs[i]!;
    const last = groups.at(-1);
    if (last && (r.structBlock === undefined || last.key === undefined || last.key === r.structBlock)) {
      last.runs.push(r);
      last.key ??= r.structBlock;
    } else groups.push({ key: r.structBlock, runs: [r] });
  }
  const seen = new Set<number>();
  for (const g of groups) {
    if (g.key === undefined) continue;
    if (seen.has(g.key)) return null;
    seen.add(g.key);
  }
  if (groups.length === 1) return [line];
  return groups.map((g, i) => {
    const runs = i === 0 ? g.runs : [{ ...g.runs[0]!, text: g.runs[0]!.text.replace(/^\s+/, '') }, ...g.runs.slice(1)];
    return { runs, box: unionOf(runs) };
  });
}

const inside = (r: TextRun, b: Box) => {
  const x = (r.box.x0 + r.box.x1) / 2, y = (r.box.y0 + r.box.y1) / 2;
  return x >= b.x0 && x <= b.x1 && y >= b.y0 && y <= b.y1;
};

/** The flow as units; null when a line's pieces are not side by side or an element is claimed twice. */
function units(page: Page, flow: readonly FlowItem[]): Unit[] | null {
  const out: Unit[] = [];
  const claimed = new Set<number>();
  for (const f of flow) {
    if (f.kind === 'block') {
      // A block built earlier (a table) holds the elements of the runs it covers.
      const box = f.block.prov.box;
      const runs = page.runs.filter((r) => inside(r, box));
      for (const r of runs) if (r.structBlock !== undefined) claimed.add(r.structBlock);
      out.push({ flow: f, ...treeKeys(runs), box, chars: chars(runs), em: emOf(runs) });
      continue;
    }
    const pieces = cutLine(f.line);
    if (!pieces) return null;
    for (const line of pieces) {
      out.push({ flow: pieces.length === 1 ? f : { kind: 'line', line }, ...treeKeys(line.runs), box: line.box, chars: chars(line.runs), em: emOf(line.runs) });
    }
  }
  if (out.some((u) => u.flow.kind === 'line' && u.block !== undefined && claimed.has(u.block))) return null;
  return out;
}

/** Whether reading `b` right after `a` goes back up within a column. */
function goesUp(a: Box, b: Box, em: number): boolean {
  const shared = Math.min(a.x1, b.x1) - Math.max(a.x0, b.x0);
  const narrower = Math.min(a.x1 - a.x0, b.x1 - b.x0);
  return b.y1 < a.y0 + ABOVE_EM * em && shared > SAME_COLUMN * narrower;
}

/**
 * The units in the tree's order (the layout's among equals); a unit the tree
 * does not hold follows the unit the layout reads before it, or stays at the
 * start or the end.
 */
function sortByTree(us: readonly Unit[]): Unit[] {
  const firstKeyed = us.findIndex((u) => u.key !== undefined);
  const lastKeyed = us.findLastIndex((u) => u.key !== undefined);
  const head = us.slice(0, firstKeyed), tail = us.slice(lastKeyed + 1);
  const groups: { key: number; at: number; units: Unit[] }[] = [];
  for (const [i, u] of us.slice(firstKeyed, lastKeyed + 1).entries()) {
    if (u.key === undefined) groups.at(-1)!.units.push(u);
    else groups.push({ key: u.key, at: i, units: [u] });
  }
  groups.sort((a, b) => a.key - b.key || a.at - b.at);
  return [...head, ...groups.flatMap((g) => g.units), ...tail];
}

/** Whether reading in this order never goes back up a column where it passes from one element to another. */
function plausible(order: readonly Unit[]): boolean {
  let prev: Unit | undefined;
  for (const u of order) {
    if (u.block === undefined) continue;
    if (prev && prev.block !== u.block && goesUp(prev.box, u.box, Math.max(prev.em, u.em))) return false;
    prev = u;
  }
  return true;
}

/**
 * The page's flow in the tree's order, or null where the tree does not
 * agree with the page or changes nothing (see the module comment).
 */
export function treeOrder(page: Page, flow: readonly FlowItem[]): FlowItem[] | null {
  const us = units(page, flow);
  if (!us) return null;
  const total = us.reduce((n, u) => n + u.chars, 0);
  const tagged = us.reduce((n, u) => n + (u.key === undefined ? 0 : u.chars), 0);
  if (total === 0 || tagged < MIN_TAGGED * total) return null;
  const order = sortByTree(us);
  if (order.every((u, i) => u === us[i]) || !plausible(order)) return null;
  return order.map((u) => u.flow);
}
