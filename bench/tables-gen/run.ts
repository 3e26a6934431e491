/**
 * The generated-tables bench: renders a seed's cases, converts them with p2m,
 * scores them with the ICDAR 2013 measure (the real-world corpus's scorer)
 * and reports F1 per rule style, layout and feature, and the share of
 * negatives that gave no table.
 *
 *   node bench/tables-gen/run.ts --seed dev|held-out|<number> [--producer chromium|latex|writer|calc] [--per 4] [--negatives 10] [--out DIR]
 *
 * The same cases (same tables, same truth) are drawn by the chosen producer;
 * a producer whose program is missing is skipped with the line that installs it.
 *
 * `--set rtl` draws the right-to-left set instead (`rtl-cases.ts`: Hebrew and
 * Arabic tables only, no negatives).
 *
 * `--only REGEX` draws only the cases whose id matches (`--only side` for the
 * tables side by side): the same cases as the full run, for quick iteration.
 *
 * `--reuse` keeps the PDFs and truth of the last run of the same seed and
 * producer (they are the same for a seed) and only converts and scores again.
 *
 * A number as the seed draws a further tuning set (same treatment as dev):
 * more cases to tune on than dev's, so a rule fitted to dev's cases shows
 * before the held-out check.
 *
 * The held-out seed is for the final check only: its run keeps no
 * predictions and prints no case, so nobody tunes on it case by case.
 */
import { readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { execQuiet, lastLines } from '../exec.ts';
import { casesFor } from './cases.ts';
import { rtlCasesFor } from './rtl-cases.ts';
import { existsSync } from 'node:fs';
import { renderCases, type CaseInfo } from './generate.ts';
import { PRODUCERS } from './producers.ts';
import { summarise, type DocF1 } from './summary.ts';
import { corpusRoot } from '../corpus-root.ts';
import { SEEDS } from './seeds.ts';


const arg = (name: string, fallback: string): string => {
  const i = process.argv.indexOf(name);
  return i >= 0 && process.argv[i + 1] ? process.argv[i + 1]! : fallback;
};

async function main(): Promise<void> {
  const which = arg('--seed', 'dev');
  const seed = which in SEEDS ? SEEDS[which as keyof typeof SEEDS] : /^\d+$/.test(which) ? Number(which) : NaN;
  if (Number.isNaN(seed)) throw new Error(`--seed must be ${Object.keys(SEEDS).join(', ')} or a number`);
  if (seed === SEEDS['held-out'] && which !== 'held-out') throw new Error('the held-out seed is read as --seed held-out only');
  const heldOut = which === 'held-out';
  const name = arg('--producer', 'chromium');
  const producer = PRODUCERS.find((p) => p.name === name);
  if (!producer) throw new Error(`--producer must be one of ${PRODUCERS.map((p) => p.name).join(', ')}`);
  const missing = producer.missing();
  if (missing) {
    console.log(`producer ${name} skipped: ${missing}. Install: ${producer.install}`);
    return;
  }
  const out = resolve(arg('--out', `bench/out/tables-gen/${which}${name === 'chromium' ? '' : `-${name}`}`));
  const corpus = resolve(arg('--corpus', corpusRoot()));
  const python = resolve(arg('--python', 'bench/.venv/bin/python'));
  const set = arg('--set', 'main');
  if (set !== 'main' && set !== 'rtl') throw new Error('--set must be main or rtl');
  const only = new RegExp(arg('--only', ''));
  if (heldOut && only.source !== '(?:)') throw new Error('the held-out seed is read whole (no --only)');
  const cases = (set === 'rtl' ? rtlCasesFor(seed, Number(arg('--per', '4')))
    : casesFor(seed, Number(arg('--per', '4')), Number(arg('--negatives', '10')))).filter((c) => only.test(c.id));
  const reuse = process.argv.includes('--reuse') && existsSync(join(out, 'cases.json'));
  let infos: CaseInfo[];
  if (reuse) {
    infos = JSON.parse(await readFile(join(out, 'cases.json'), 'utf8')) as CaseInfo[];
    await rm(join(out, 'pred'), { recursive: true, force: true });
  } else {
    await rm(out, { recursive: true, force: true });
    infos = await renderCases(cases, out, producer);
  }
  const skipped = cases.length - infos.length;
  const pdfs = (await readdir(join(out, 'pdf'))).map((f) => join(out, 'pdf', f));
  const conv = await execQuiet(process.execPath, ['cli/p2m.ts', 'convert', ...pdfs, '-o', join(out, 'pred'), '--jobs', '2']);
  if (conv.code !== 0) console.error(`convert exited ${conv.code}: ${lastLines(conv.stderr)}`);
  const json = join(out, 'score.json');
  const s = await execQuiet(python, [join(corpus, 'realworld/score_realworld.py'), '--pred', join(out, 'pred'), '--tool', 'p2m',
    '--manifest', join(out, 'manifest.tsv'), '--json', json, '--quiet']);
  if (s.code !== 0) throw new Error(`scorer exited ${s.code}: ${lastLines(s.stderr)}`);
  const docs = (JSON.parse(await readFile(json, 'utf8')) as { icdar: DocF1[] }).icdar;
  const preds = new Map<string, string>();
  for (const c of infos) preds.set(c.id, await readFile(join(out, 'pred', `${c.id}.md`), 'utf8').catch(() => ''));
  const summary = summarise(infos, docs, preds, { perCase: !heldOut });
  if (heldOut) {
    await rm(join(out, 'pred'), { recursive: true, force: true });
    await rm(json, { force: true });
  }
  const head = `producer ${name}, seed ${which}${skipped ? ` (${skipped} of ${cases.length} cases not drawn by this producer)` : ''}`;
  await writeFile(join(out, 'summary.txt'), `${head}\n${summary}`);
  console.log(`${head}\n${summary}`);
}

await main();
