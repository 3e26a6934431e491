/**
 * One process's share of bench/scale/machine-ceiling.ts: `count` units of one
 * kind of work, one after another, then the CPU seconds it took on stdout.
 *
 *   hash    SHA-256 over 16 KiB blocks: compute only, no heap (OpenSSL's own loop)
 *   heap    a parser's kind of garbage: small objects and strings, sorted, dropped
 *   engine  convert() of FILE, as a worker's conversion child runs it
 *
 *   node [--single-threaded] bench/scale/ceiling-load.ts hash|heap|engine COUNT [FILE]
 */
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';

const [kind, countArg, file] = process.argv.slice(2);
const count = Number(countArg);
if (!kind || !(count > 0)) throw new Error('usage: ceiling-load.ts hash|heap|engine COUNT [FILE]');

/** SHA-256 blocks in one unit: about as much CPU as one conversion of a 12-page document. */
const HASH_BLOCKS_PER_UNIT = 8_000;
/** Objects in one unit of heap work: about as much CPU as one conversion of a 12-page document. */
const HEAP_OBJECTS_PER_UNIT = 120_000;

const block = Buffer.alloc(16_384, 7);
const pdf = kind === 'engine' ? await readFile(file ?? '') : undefined;
// Loaded only for the engine, so the other kinds start in milliseconds.
const { convert } = kind === 'engine' ? await import('../../engine/index.ts') : { convert: undefined };
let sink = 0;
const start = process.cpuUsage();
for (let i = 0; i < count; i++) {
  if (kind === 'hash') {
    const h = createHash('sha256');
    for (let b = 0; b < HASH_BLOCKS_PER_UNIT; b++) h.update(block);
    sink += h.digest()[0]!;
  } else if (kind === 'heap') {
    const rows = Array.from({ length: HEAP_OBJECTS_PER_UNIT }, (_, j) => ({ x: j, y: (j * 7919) % 1009, s: `w${j % 977}` }));
    rows.sort((a, b) => a.y - b.y || a.x - b.x);
    sink += rows[5]!.x + rows[9]!.s.length;
  } else if (kind === 'engine') {
    const { pages } = await convert!(new Uint8Array(pdf!), { ocr: 'auto' });
    sink += pages;
  } else {
    throw new Error(`unknown kind ${kind}`);
  }
}
const used = process.cpuUsage(start);
process.stdout.write(`${(used.user + used.system) / 1e6} ${sink}\n`);
