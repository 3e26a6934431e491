/**
 * Times a target on one input in a fresh process, the faster of two runs, in
 * milliseconds: a slow finding of a long-lived worker (large heap, a loaded
 * machine) counts only if it is slow here too.
 *
 * usage: node bench/fuzz/retime.ts TARGET INPUT
 */
import { readFileSync } from 'node:fs';
import { TARGETS, type TargetName } from './target-list.ts';

async function main(argv: readonly string[]): Promise<void> {
  const [name, input] = argv;
  const target = TARGETS[name as TargetName];
  if (!target || !input) throw new Error('usage: retime.ts TARGET INPUT');
  const data = new Uint8Array(readFileSync(input));
  let best = Infinity;
  for (let i = 0; i < 2; i++) {
    const t0 = performance.now();
    await Promise.resolve(target(data)).catch(() => undefined);
    best = Math.min(best, performance.now() - t0);
  }
  process.stdout.write(`${Math.round(best)}\n`);
}

if (import.meta.main) await main(process.argv.slice(2));
