/**
 * `npm run bench -- [CORPUS_DIR] [--corpus dev,realworld] [--only p2m,pdftotext,...] [--limit N] [--timeout SEC] [--no-memory-check]`
 *
 * Converts each selected corpus's PDFs (dev, then real-world) with p2m and
 * each peer in turn (one tool at a time, so each gets both cores to itself),
 * scores them with the corpus's scorer, and writes bench/RESULTS.md plus raw
 * data in bench/out/. See bench/README.md.
 */
import { realtimePrefix } from './realtime.ts';
import { pollingSummaryOf } from './polling-summary.ts';
import { tablesSummaryOf } from './tables-gen/tables-summary.ts';
import { mkdir, writeFile } from 'node:fs/promises';
import { cpus, totalmem } from 'node:os';
import { join, resolve } from 'node:path';
import { ArgsError, parseBenchArgs } from './args.ts';
import { execQuiet } from './exec.ts';
import { CORPORA, corpusFolder, type CorpusSpec } from './corpora.ts';
import { loadManifest, totalPages } from './manifest.ts';
import { runMemoryCheck } from './memory-check.ts';
import { renderResults } from './results-md.ts';
import { runTool, type RunContext } from './run-tool.ts';
import type { CorpusRun, MemoryCheck, RunMeta, ToolResult } from './tool-result.ts';
import { TOOLS, venvPackages, type Paths } from './tools.ts';
import { corpusRoot } from './corpus-root.ts';

async function machine(paths: Paths): Promise<string> {
  const py = await execQuiet('python3', ['--version']);
  const cpu = cpus()[0]?.model.trim() ?? 'unknown CPU';
  const gib = (totalmem() / 2 ** 30).toFixed(0);
  return `nproc ${cpus().length} (${cpu}), ${gib} GiB RAM, node ${process.version}, ${py.stdout.trim()} (venv ${paths.venvDir.replace(paths.repoDir + '/', '')})`;
}

function log(msg: string): void {
  process.stderr.write(`${new Date().toISOString().slice(11, 19)} ${msg}\n`);
}

type Setup = { paths: Paths; corpusDir: string; outRoot: string; limit: number | undefined; timeoutSec: number; only: readonly string[] };

/** Every selected tool on one corpus; its outputs go to bench/out/<corpus>/. */
async function runCorpus(spec: CorpusSpec, s: Setup): Promise<CorpusRun> {
  const manifest = await loadManifest(join(corpusFolder(s.corpusDir, spec.name), 'manifest.tsv'));
  const rows = s.limit === undefined ? manifest.rows : manifest.rows.slice(0, s.limit);
  const outDir = join(s.outRoot, spec.name);
  await mkdir(outDir, { recursive: true });
  const manifestPath = join(outDir, 'manifest.tsv');
  await spec.writeScorerManifest(s, manifestPath, { header: manifest.header, rows });
  log(`corpus ${spec.name}: ${rows.length} PDFs, ${totalPages(rows)} pages`);
  const ctx: RunContext = { paths: s.paths, corpusDir: s.corpusDir, corpus: spec, rows, manifestPath, outDir, timeoutSec: s.timeoutSec, log };
  const results: ToolResult[] = [];
  for (const tool of TOOLS.filter((t) => s.only.includes(t.name))) results.push(await runTool(tool, ctx));
  return { corpus: spec.name, docs: rows.length, pages: totalPages(rows), results };
}

export async function main(argv: readonly string[]): Promise<number> {
  const benchDir = import.meta.dirname;
  const repoDir = resolve(benchDir, '..');
  const paths: Paths = { repoDir, benchDir, venvDir: join(benchDir, '.venv'), peersDir: join(benchDir, '.peers') };
  const args = parseBenchArgs(argv, corpusRoot());
  const corpusDir = resolve(args.corpusDir);
  const outRoot = join(benchDir, 'out');
  await mkdir(outRoot, { recursive: true });
  log(`corpus ${corpusDir}; setting up bench/.venv (scorer + Python peers)`);
  const venv = await venvPackages(paths);
  if (!venv.rapidfuzz.ok) log(`scorer dependency missing, scores will be blank: ${venv.rapidfuzz.reason}`);
  const setup: Setup = { paths, corpusDir, outRoot, limit: args.limit, timeoutSec: args.timeoutSec, only: args.only };
  const runs: CorpusRun[] = [];
  for (const name of args.corpora) runs.push(await runCorpus(CORPORA[name], setup));
  const p2m = TOOLS.find((t) => t.name === 'p2m');
  let memory: MemoryCheck = { status: 'skipped', reason: 'p2m not selected (--only) or --no-memory-check' };
  if (p2m && args.only.includes('p2m') && args.memoryCheck === 'run') {
    log('[memory] p2m on a ~100-page document');
    const dev = await loadManifest(join(corpusFolder(corpusDir, 'dev'), 'manifest.tsv'));
    memory = await runMemoryCheck(p2m, paths, corpusDir, dev.rows, outRoot, args.timeoutSec);
  }
  const meta: RunMeta = {
    date: new Date().toISOString().replace('T', ' ').slice(0, 16) + ' UTC',
    machine: await machine(paths),
    command: realtimePrefix() + ['npm run bench', ...(argv.length ? ['--', ...argv] : [])].join(' '),
    corpus: corpusDir,
    polling: pollingSummaryOf(join(benchDir, 'POLLING.md')),
    tables: tablesSummaryOf(join(benchDir, 'TABLES.md')),
  };
  await writeFile(join(outRoot, 'results.json'), JSON.stringify({ meta, runs, memory }, null, 1));
  await writeFile(join(benchDir, 'RESULTS.md'), renderResults(meta, runs, memory));
  log('wrote bench/RESULTS.md and bench/out/results.json');
  return 0;
}

if (import.meta.main) {
  process.exitCode = await main(process.argv.slice(2)).catch((e: unknown) => {
    process.stderr.write(`${e instanceof ArgsError ? e.message : e instanceof Error ? e.stack : String(e)}\n`);
    return e instanceof ArgsError ? 2 : 1;
  });
}
