/**
 * Counts the numeric literals in engine/tables and engine/stages (tests and test helpers left out), other than 0 and 1
 * and the 2 of a midpoint's halving: the thresholds the issue asks to shrink. Comments and strings are stripped
 * first, regular expressions too. Also counts the undocumented ones: a literal is documented when the line itself has
 * a comment, or it is the value of a named `const` (not a function) whose declaration has a comment on its first line
 * or directly above.
 *
 *   node bench/tables-gen/count-constants.ts [--list] [DIR...]   (default: engine/tables engine/stages)
 *
 * `--list` prints each literal with its line, `?` before the undocumented ones.
 */
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';

const LITERAL = /(?<![\w.$])\d+(?:\.\d+)?(?:e-?\d+)?(?![\w$])/g;

/** Blanks a match but keeps its newlines, so lines stay where they were. */
const keepLines = (m: string): string => m.replace(/[^\n]/g, ' ');
/** A same-length stand-in, so offsets stay where they were. */
const pad = (m: string, s: string): string => (s + ' '.repeat(m.length)).slice(0, Math.max(m.length, s.length));

/** The source with comments, strings and regular expressions blanked out, same lines and offsets. */
function blanked(src: string): { code: string; commentLines: Set<number> } {
  const noComments = src.replace(/\/\*[\s\S]*?\*\//g, keepLines).replace(/\/\/.*$/gm, keepLines);
  const srcLines = src.split('\n');
  const codeLines = noComments.split('\n');
  const commentLines = new Set<number>();
  srcLines.forEach((l, i) => { if (l !== codeLines[i]) commentLines.add(i); });
  const code = noComments
    .replace(/(['"`])(?:\\.|(?!\1)[^\\\n])*\1/g, (m) => pad(m, '""'))
    // A regular expression opens where an operand is expected; elsewhere a slash divides.
    .replace(/(?<=(?:^|[(,=:[!&|?{};]|\breturn)\s*)\/(?![*/])(?:\\.|\[(?:\\.|[^\]\\])*\]|[^/\\\n])+\/[gimsuy]*/gm, (m) => pad(m, 'RE'))
    // Halving for a midpoint is arithmetic, not a threshold.
    .replace(/\/\s*2(?![\w.])/g, (m) => pad(m, '/H'));
  return { code, commentLines };
}

/** Numeric literals other than 0 and 1 in TypeScript source text. */
export function numericLiterals(src: string): string[] {
  return literalSites(src).map((s) => s.value);
}

export type LiteralSite = { value: string; line: number; documented: boolean };

/** The `const` declarations of plain values (no function), as [start, end) offsets and the line they start on. */
function constValues(code: string): Array<{ start: number; end: number; line: number }> {
  const out: Array<{ start: number; end: number; line: number }> = [];
  for (const m of code.matchAll(/\bconst\s+[\w$]+\s*(?::[^=;]+)?=(?!=)/g)) {
    let depth = 0;
    let end = code.length;
    for (let i = m.index + m[0].length; i < code.length; i++) {
      const ch = code[i]!;
      if ('([{'.includes(ch)) depth++;
      else if (')]}'.includes(ch)) { if (--depth < 0) { end = i; break; } }
      else if ((ch === ';' || ch === ',') && depth === 0) { end = i; break; }
    }
    const body = code.slice(m.index, end);
    if (/=>|\bfunction\b/.test(body)) continue;
    out.push({ start: m.index, end, line: code.slice(0, m.index).split('\n').length - 1 });
  }
  return out;
}

/** Each counted literal with its line (0-based) and whether a comment says what it measures. */
export function literalSites(src: string): LiteralSite[] {
  const { code, commentLines } = blanked(src);
  const consts = constValues(code);
  const lineStarts = [0];
  for (let i = 0; i < code.length; i++) if (code[i] === '\n') lineStarts.push(i + 1);
  const lineOf = (pos: number): number => {
    let lo = 0;
    let hi = lineStarts.length - 1;
    while (lo < hi) { const mid = (lo + hi + 1) >> 1; if (lineStarts[mid]! <= pos) lo = mid; else hi = mid - 1; }
    return lo;
  };
  const codeLines = code.split('\n');
  // A comment line directly above: a line with a comment and no code.
  const commentOnly = (l: number): boolean => l >= 0 && commentLines.has(l) && codeLines[l]!.trim() === '';
  const sites: LiteralSite[] = [];
  for (const m of code.matchAll(LITERAL)) {
    if (Number(m[0]) === 0 || Number(m[0]) === 1) continue;
    const line = lineOf(m.index);
    const decl = consts.find((c) => c.start <= m.index && m.index < c.end);
    const documented = commentLines.has(line) || (decl !== undefined && (commentLines.has(decl.line) || commentOnly(decl.line - 1)));
    sites.push({ value: m[0], line, documented });
  }
  return sites;
}

async function count(dir: string, verbose: boolean): Promise<void> {
  const files = (await readdir(dir)).filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts') && !f.startsWith('test-'));
  let total = 0;
  let undocumented = 0;
  for (const f of files.sort()) {
    const src = await readFile(join(dir, f), 'utf8');
    const sites = literalSites(src);
    const bare = sites.filter((s) => !s.documented);
    total += sites.length;
    undocumented += bare.length;
    if (sites.length) console.log(`${String(sites.length).padStart(4)}  ${f}  (${bare.length} undocumented)`);
    if (verbose) for (const s of sites) console.log(`      ${s.documented ? ' ' : '?'} ${f}:${s.line + 1}  ${s.value}  ${src.split('\n')[s.line]!.trim()}`);
  }
  console.log(`${String(total).padStart(4)}  total (${dir})`);
  console.log(`${String(undocumented).padStart(4)}  undocumented (${dir})`);
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const verbose = args.includes('--list');
  const dirs = args.filter((a) => a !== '--list');
  for (const dir of dirs.length ? dirs : ['engine/tables', 'engine/stages']) await count(dir, verbose);
}

if (process.argv[1]?.endsWith('count-constants.ts')) await main();
