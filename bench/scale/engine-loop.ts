/**
 * The engine alone, as a worker's conversion child runs it: converts one PDF
 * `count` times in this process, one after another, and prints the pages
 * converted. bench/scale/throughput.ts starts one of these, then two side by
 * side, to measure what a second process can add on this machine with no
 * queue, API, database or pollers at all: the ceiling of the workers' ratio.
 *
 *   node [--single-threaded] bench/scale/engine-loop.ts FILE COUNT
 */
import { readFile } from 'node:fs/promises';
import { convert } from '../../engine/index.ts';

const [file, count] = process.argv.slice(2);
if (!file || !count) throw new Error('usage: engine-loop.ts FILE COUNT');
const pdf = await readFile(file);
let pages = 0;
for (let i = 0; i < Number(count); i++) {
  // A fresh copy each time, as a job's bytes arrive over IPC.
  const { markdown, pages: n } = await convert(new Uint8Array(pdf), { ocr: 'auto' });
  if (!markdown) throw new Error('empty conversion');
  pages += n;
}
process.stdout.write(`${pages}\n`);
