/**
 * What a second process can add on this machine, by kind of work (issue 21's
 * "the second worker should add 70 %"): the same units of work in one process,
 * then split over two side by side, alternating the order each round. Three
 * kinds (bench/scale/ceiling-load.ts): SHA-256 (compute, no memory traffic), a
 * heap loop (small objects and strings), and the engine converting a PDF. A
 * kind that gains 2× shows the two cores are there; a kind that gains less runs
 * slower per process when another runs beside it, which no queue can undo.
 *
 *   node bench/scale/machine-ceiling.ts [--units 96] [--rounds 3] [--pdf FILE] [--kinds hash,heap,engine]
 */
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { parseArgs, promisify } from 'node:util';
import { corpusRoot } from '../corpus-root.ts';

const { values } = parseArgs({
  options: {
    units: { type: 'string', default: '96' },
    rounds: { type: 'string', default: '3' },
    pdf: { type: 'string', default: join(corpusRoot(), 'dev/pdf/docker-cli-build__html-1col.pdf') },
    kinds: { type: 'string', default: 'hash,heap,engine' },
  },
});
const UNITS = Number(values.units);
const ROUNDS = Number(values.rounds);
const KINDS = values.kinds.split(',');
const script = join(import.meta.dirname, 'ceiling-load.ts');

type Run = { kind: string; procs: number; seconds: number; cpu: number };

/** UNITS of `kind` over `procs` single-threaded processes started together. */
async function run(kind: string, procs: number): Promise<Run> {
  const t0 = performance.now();
  const outs = await Promise.all(Array.from({ length: procs }, () =>
    promisify(execFile)(process.execPath, ['--single-threaded', script, kind, String(UNITS / procs), values.pdf])));
  const cpu = outs.reduce((n, o) => n + Number(o.stdout.split(' ')[0]), 0);
  return { kind, procs, seconds: (performance.now() - t0) / 1000, cpu };
}

const runs: Run[] = [];
for (let round = 1; round <= ROUNDS; round++) {
  for (const kind of KINDS) {
    for (const procs of round % 2 === 1 ? [1, 2] : [2, 1]) runs.push(await run(kind, procs));
  }
}
const pooled = (kind: string, procs: number) => {
  const rs = runs.filter((r) => r.kind === kind && r.procs === procs);
  const seconds = rs.reduce((n, r) => n + r.seconds, 0);
  return { rate: (rs.length * UNITS) / seconds, cpuPerUnit: rs.reduce((n, r) => n + r.cpu, 0) / (rs.length * UNITS) };
};
console.log(`${UNITS} units per run, ${ROUNDS} round(s), single-threaded processes (engine: ${values.pdf.split('/').pop()})\n`);
console.log('| work | 1 process units/s | 2 processes units/s | 2 / 1 pooled (per round) | CPU ms a unit alone | side by side |\n|---|---|---|---|---|---|');
for (const kind of KINDS) {
  const [one, two] = [pooled(kind, 1), pooled(kind, 2)];
  const each = Array.from({ length: ROUNDS }, (_, r) => {
    const [a, b] = [1, 2].map((p) => runs.filter((x) => x.kind === kind && x.procs === p)[r]!);
    return (a!.seconds / b!.seconds).toFixed(2);
  });
  const slower = ((two.cpuPerUnit / one.cpuPerUnit - 1) * 100).toFixed(0);
  console.log(`| ${kind} | ${one.rate.toFixed(2)} | ${two.rate.toFixed(2)} | ${(two.rate / one.rate).toFixed(2)}× (${each.join(', ')}) | ${(one.cpuPerUnit * 1000).toFixed(1)} | ${Number(slower) >= 0 ? '+' : ''}${slower} % CPU a unit |`);
}
