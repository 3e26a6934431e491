/**
 * Renders bench/RESULTS.md from the run's results: one table per corpus run
 * (dev, real-world), the tools, the failures and the memory check. Pure: the
 * same results always give the same text, which the unit tests pin down.
 */
import type { CorpusName } from './args.ts';
import { renderDevTable } from './results-dev-md.ts';
import { renderRealworldTable } from './results-realworld-md.ts';
import { kbToMb } from './time-v.ts';
import type { CorpusRun, MemoryCheck, RunMeta, ToolResult } from './tool-result.ts';

export const RSS_TARGET_MB = 400;

const TITLES: Record<CorpusName, string> = { dev: 'Dev corpus', realworld: 'Real-world corpus' };

const ABOUT: Record<CorpusName, string> = {
  dev: `Scores from the corpus's score.py against the reference Markdown (higher is better; per-producer columns are
overall). "running headers left" counts predictions that still hold page numbers / "Page n of N" / repeated
running headers absent from the ground truth.`,
  realworld: `Scores from realworld/score_realworld.py: the ICDAR 2013 table measure (adjacency relations of cells) on
the documents with human ground truth (set icdar); P and R are per-document means like F1 (doc mean), F1 (micro)
is over all ground-truth tables; "found" = share of ground-truth tables of which a predicted table holds at least
half the cell texts; TEDS against the matched table. The other PDFs (camelot, pdfplumber: scans, rotated tables,
broken files) count in throughput and failures only.`,
};

const TABLES: Record<CorpusName, (results: readonly ToolResult[]) => string> = {
  dev: renderDevTable,
  realworld: renderRealworldTable,
};

function renderCorpus(run: CorpusRun): string {
  return `## ${TITLES[run.corpus]}: \`${run.corpus}/\`, ${run.docs} PDFs, ${run.pages} pages

${ABOUT[run.corpus]}

${TABLES[run.corpus](run.results)}`;
}

function toolLine(r: ToolResult): string {
  const o = r.outcome;
  if (o.status !== 'ran') return `not run — ${o.reason}`;
  const m = o.measured;
  const furniture = m.quality.corpus === 'dev'
    ? `; furniture: ${m.quality.furniture.pageNumberDocs} with page numbers, ${m.quality.furniture.repeatedHeaderDocs} with repeated headers`
    : '';
  return `${o.version}; wall ${m.wallSec.toFixed(1)} s, CPU ${m.cpuSec.toFixed(1)} s, mean load ${m.loadAvg.toFixed(1)}${furniture}`;
}

function renderTools(runs: readonly CorpusRun[]): string {
  return runs
    .map((run) => [`${TITLES[run.corpus]}:`, '', ...run.results.map((r) => `- **${r.name}** (${r.kind}): ${toolLine(r)}`)].join('\n'))
    .join('\n\n');
}

function renderFailures(runs: readonly CorpusRun[]): string {
  const lines: string[] = [];
  for (const run of runs) {
    for (const r of run.results) {
      if (r.outcome.status !== 'ran') continue;
      const f = r.outcome.measured.failures;
      if (f.length === 0) continue;
      lines.push(`- **${r.name}** on ${run.corpus}: ${f.length} failed`);
      for (const x of f.slice(0, 5)) lines.push(`  - \`${x.id}\` ${x.status}: ${x.reason.replace(/\n/g, ' ').slice(0, 200)}`);
      if (f.length > 5) lines.push(`  - … ${f.length - 5} more in bench/out/results.json`);
    }
  }
  return lines.length ? lines.join('\n') : 'None.';
}

export function renderMemory(m: MemoryCheck): string {
  if (m.status === 'skipped') return `Not run: ${m.reason}`;
  const mb = m.peakRssKb === undefined ? undefined : kbToMb(m.peakRssKb);
  const verdict = mb === undefined ? 'unknown' : mb <= RSS_TARGET_MB ? 'PASS' : 'FAIL';
  return [
    `p2m converting \`${m.pdf}\` (${m.pages} pages, corpus PDFs concatenated with pdf-lib), one document, \`--jobs 2\`:`,
    '',
    `- peak RSS: **${mb === undefined ? '–' : mb.toFixed(0)} MB** (target ≤ ${RSS_TARGET_MB} MB: **${verdict}**)`,
    `- wall: ${m.wallSec.toFixed(1)} s (${(m.pages / m.wallSec).toFixed(1)} pages/s); conversion ${m.ok ? 'succeeded' : `failed: ${m.reason ?? ''}`}`,
  ].join('\n');
}

/** The whole RESULTS.md. */
export function renderResults(meta: RunMeta, runs: readonly CorpusRun[], memory: MemoryCheck): string {
  return `# p2m bench results

- date: ${meta.date}
- machine: ${meta.machine}
- command: \`${meta.command}\`
- corpus: \`${meta.corpus}\` (pages/s uses the manifests' page counts)

pages/s is from the wall time of the whole set with both cores in use; pages/CPU-s from user+system CPU time,
which other work on the machine disturbs less (see each tool's mean load under "Tools"). Peak RSS is the largest
single process (GNU time -v). Columns are explained in bench/README.md.

${runs.map(renderCorpus).join('\n\n')}

## Tools

${renderTools(runs)}

## Failures

${renderFailures(runs)}

## Memory check (~100 pages)

${renderMemory(memory)}

## Tables: generated pages and the ICDAR source split

${meta.tables ?? 'Not run yet: see bench/TABLES.md.'}

## Service benchmarks

Run on their own, each with the command that reproduces it: status polling against a bare Express route
(\`npm run bench:poll\`, full tables in [POLLING.md](POLLING.md)) and the hostile-input run against the real service
(\`node bench/hostile-http/run.ts\`, [HOSTILE-HTTP.md](HOSTILE-HTTP.md)). The last polling verdicts:

${meta.polling ?? 'Not run yet: `npm run bench:poll`.'}
`;
}
