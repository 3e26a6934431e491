/**
 * Counts the numeric literals in engine/tables (tests and test helpers left
 * out), other than 0 and 1 and the 2 of a midpoint's halving: the thresholds the issue asks to shrink. Comments
 * and strings are stripped first, regular expressions too.
 *
 *   node bench/tables-gen/count-constants.ts [DIR]
 */
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';

/** Numeric literals other than 0 and 1 in TypeScript source text. */
export function numericLiterals(src: string): string[] {
  const code = src
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/\/\/.*$/gm, '')
    .replace(/(['"`])(?:\\.|(?!\1)[^\\\n])*\1/g, '""')
    .replace(/\/(?![*/])(?:\\.|\[(?:\\.|[^\]\\])*\]|[^/\\\n])+\/[gimsuy]*/g, 'RE');
  // Halving for a midpoint is arithmetic, not a threshold.
  const noHalves = code.replace(/\/\s*2(?![\w.])/g, '/ HALF');
  return (noHalves.match(/(?<![\w.$])\d+(?:\.\d+)?(?:e-?\d+)?(?![\w$])/g) ?? []).filter((n) => Number(n) !== 0 && Number(n) !== 1);
}

async function main(): Promise<void> {
  const dir = process.argv[2] ?? 'engine/tables';
  const files = (await readdir(dir)).filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts') && !f.startsWith('test-'));
  let total = 0;
  for (const f of files.sort()) {
    const n = numericLiterals(await readFile(join(dir, f), 'utf8')).length;
    total += n;
    if (n) console.log(`${String(n).padStart(4)}  ${f}`);
  }
  console.log(`${String(total).padStart(4)}  total (${dir})`);
}

if (process.argv[1]?.endsWith("count-constants.ts")) await main();
