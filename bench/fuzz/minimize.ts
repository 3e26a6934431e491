/**
 * Shrinks a fuzzer finding to a small input that still shows the same defect,
 * for a regression test: removes ever smaller chunks (delta debugging) while
 * the target still throws with the same signature, or still takes longer than
 * --slow-ms milliseconds.
 *
 * usage: node bench/fuzz/minimize.ts TARGET INPUT OUTPUT [--slow-ms N] [--min-chunk N]
 *   --min-chunk stops at chunks of N bytes (faster, for slow targets such as direct-vs-pdfjs).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { signature } from './fuzz-worker.ts';
import { splice } from './mutate.ts';
import { TARGETS, type Target, type TargetName } from './target-list.ts';

type Verdict = { kind: 'defect'; sig: string } | { kind: 'slow'; ms: number } | { kind: 'fine' };

async function judge(target: Target, input: Uint8Array, slowMs: number | undefined): Promise<Verdict> {
  const t0 = performance.now();
  try {
    await target(input);
  } catch (err) {
    return { kind: 'defect', sig: signature(err) };
  }
  const ms = performance.now() - t0;
  return slowMs !== undefined && ms > slowMs ? { kind: 'slow', ms } : { kind: 'fine' };
}

/** The smallest input found by removing chunks of `input` while `keeps` holds. */
export async function shrink(input: Uint8Array, keeps: (candidate: Uint8Array) => Promise<boolean>, minChunk = 1): Promise<Uint8Array> {
  let best = input;
  for (let chunk = Math.max(1, best.length >> 1); chunk >= Math.max(1, minChunk); chunk >>= 1) {
    for (let at = 0; at < best.length;) {
      const candidate = splice(best, at, chunk, new Uint8Array());
      if (await keeps(candidate)) best = candidate;
      else at += chunk;
    }
  }
  return best;
}

async function main(argv: readonly string[]): Promise<void> {
  const [name, input, output] = argv;
  const slowAt = argv.indexOf('--slow-ms');
  const slowMs = slowAt >= 0 ? Number(argv[slowAt + 1]) : undefined;
  const target = TARGETS[name as TargetName];
  if (!target || !input || !output) throw new Error('usage: minimize.ts TARGET INPUT OUTPUT [--slow-ms N] [--min-chunk N]');
  const data = new Uint8Array(readFileSync(input));
  const first = await judge(target, data, slowMs);
  if (first.kind === 'fine') throw new Error('the input shows no defect (and is not slow)');
  const keeps = async (c: Uint8Array): Promise<boolean> => {
    const v = await judge(target, c, slowMs);
    return first.kind === 'defect' ? v.kind === 'defect' && v.sig === first.sig : v.kind === 'slow';
  };
  const minAt = argv.indexOf('--min-chunk');
  const small = await shrink(data, keeps, minAt >= 0 ? Number(argv[minAt + 1]) : 1);
  writeFileSync(output, small);
  process.stdout.write(`${data.length} → ${small.length} bytes; ${first.kind === 'defect' ? first.sig : `slow (${Math.round(first.ms)} ms)`}\n`);
}

if (import.meta.main) await main(process.argv.slice(2));
