/**
 * Finds collapsed rows in the tables p2m outputs (issue 19, class 1): a row
 * where two cells or more each hold k ≥ 2 text lines whose baselines pair up
 * one to one across the cells. Such lines are rows of their own that the row
 * building merged; a cell that wraps beside one-line neighbours is not counted.
 * Converts every PDF of the folders in-process and prints, per flagged row,
 * file, page, table, row and the cells' lines; then the totals.
 *
 *   node bench/tables-gen/collapsed-rows.ts [--quiet] DIR|FILE...
 */
import { readdir, readFile, stat } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { convert, STAGES } from '../../engine/index.ts';
import type { Block, Doc, Span, Stage, TextRun } from '../../engine/index.ts';
import { traceCells } from '../../engine/tables/cell-trace.ts';

/** Baselines pair when they differ by less than this share of an em. */
const PAIR_EM = 0.3;
/** Runs are on one visual line when their baselines differ by less than this share of an em. */
const LINE_EM = 0.4;

type TableBlock = Extract<Block, { kind: 'table' }>;

/** Runs smaller than this share of a cell's largest are scripts: they sit on no line of their own. */
const SCRIPT_SHARE = 0.85;

/** A cell's visual lines: baseline and text, top to bottom; raised and lowered scripts left out. */
function cellLines(runs: readonly TextRun[]): { base: number; em: number; text: string }[] {
  const inked = runs.filter((r) => r.text.trim() !== '');
  const size = Math.max(0, ...inked.map((r) => r.fontSize));
  const sorted = inked.filter((r) => r.fontSize >= SCRIPT_SHARE * size).sort((a, b) => a.box.y1 - b.box.y1 || a.box.x0 - b.box.x0);
  const lines: TextRun[][] = [];
  for (const r of sorted) {
    const last = lines[lines.length - 1];
    if (last && Math.abs(r.box.y1 - last[0]!.box.y1) < LINE_EM * Math.max(r.fontSize, last[0]!.fontSize)) last.push(r);
    else lines.push([r]);
  }
  return lines.map((l) => ({
    base: l[0]!.box.y1,
    em: l[0]!.fontSize,
    text: [...l].sort((a, b) => a.box.x0 - b.box.x0).map((r) => r.text).join(' ').replace(/\s+/g, ' ').trim(),
  }));
}

type Lines = ReturnType<typeof cellLines>;

/** Whether two cells of two lines or more pair up: each line of the one with fewer sits on the baseline of its own line of the other. */
function paired(a: Lines, b: Lines): boolean {
  const [few, many] = a.length <= b.length ? [a, b] : [b, a];
  if (few.length < 2) return false;
  const taken = new Set<number>();
  return few.every((l) => {
    const j = many.findIndex((m, k) => !taken.has(k) && Math.abs(l.base - m.base) < PAIR_EM * Math.max(l.em, m.em));
    if (j < 0) return false;
    taken.add(j);
    return true;
  });
}

/** Cells of a row whose lines pair up with another cell's, or [] when fewer than two. */
export function collapsedCells(row: readonly Lines[]): number[] {
  const hit = new Set<number>();
  row.forEach((a, i) => row.forEach((b, j) => { if (i < j && paired(a, b)) hit.add(i).add(j); }));
  return [...hit].sort((x, y) => x - y);
}

async function pdfsOf(arg: string): Promise<string[]> {
  if (!(await stat(arg)).isDirectory()) return [arg];
  const names = (await readdir(arg)).filter((n) => n.toLowerCase().endsWith('.pdf')).sort();
  return names.map((n) => join(arg, n));
}

const args = process.argv.slice(2);
const quiet = args.includes('--quiet');
const files = (await Promise.all(args.filter((a) => !a.startsWith('--')).map(pdfsOf))).flat();
const runsOf = new WeakMap<readonly Span[], readonly TextRun[]>();
traceCells((spans, runs) => runsOf.set(spans, runs));
let captured: Doc | null | undefined;
const capture: Stage = { name: 'capture', run(doc) { captured = doc; return doc; } };
// Read the tables before internal links rewrite the cells' spans (new arrays the trace never saw).
const stages = STAGES as Stage[];
stages.splice(stages.findIndex((s) => s.name === 'internalLinks'), 0, capture);

let [tables, rowsSeen, flagged, docsFlagged, failed] = [0, 0, 0, 0, 0];
for (const file of files) {
  captured = null;
  try {
    await convert(new Uint8Array(await readFile(file)), { ocr: 'off' });
  } catch (err) {
    failed++;
    if (!quiet) console.log(`${basename(file)}: failed (${err instanceof Error ? err.message : String(err)})`);
    continue;
  }
  const doc = captured as Doc | null;
  let here = 0;
  for (const page of doc?.pages ?? []) {
    const found = page.blocks.filter((b): b is TableBlock => b.kind === 'table');
    found.forEach((t, ti) => {
      tables++;
      t.rows.forEach((row, ri) => {
        rowsSeen++;
        const lines = row.map((c) => cellLines(runsOf.get(c.spans) ?? []));
        const hit = collapsedCells(lines);
        if (hit.length < 2) return;
        flagged++;
        here++;
        if (quiet) return;
        console.log(`${basename(file)} p${page.number} t${ti} r${ri}`);
        for (const k of hit) console.log(`    [${k}] ${lines[k]!.map((l) => l.text).join(' | ')}`);
      });
    });
  }
  if (here) docsFlagged++;
}
console.log(`files ${files.length} (failed ${failed}), tables ${tables}, rows ${rowsSeen}, collapsed rows ${flagged} in ${docsFlagged} files`);
