/**
 * Renders bench/RESULTS.md from the run's results. Pure: the same results
 * always give the same text, which the unit tests pin down.
 */
import type { MemoryCheck, RunMeta, ToolResult } from './tool-result.ts';
import { kbToMb } from './time-v.ts';

export const PRODUCERS = ['html-1col', 'html-2col', 'latex', 'office'] as const;
export const RSS_TARGET_MB = 400;

const num = (v: number | null | undefined, digits = 3): string => (v === null || v === undefined ? '–' : v.toFixed(digits));

export function pagesPerSec(r: ToolResult): number | undefined {
  if (r.outcome.status !== 'ran' || r.outcome.measured.wallSec <= 0) return undefined;
  return r.outcome.measured.pages / r.outcome.measured.wallSec;
}

function pagesPerCpuSec(r: ToolResult): number | undefined {
  if (r.outcome.status !== 'ran' || r.outcome.measured.cpuSec <= 0) return undefined;
  return r.outcome.measured.pages / r.outcome.measured.cpuSec;
}

/** Throughput of `r` divided by the reference's, e.g. "0.42×"; "–" when either was not measured. */
export function ratio(r: ToolResult, ref: ToolResult | undefined): string {
  const a = pagesPerSec(r);
  const b = ref ? pagesPerSec(ref) : undefined;
  if (a === undefined || b === undefined) return '–';
  const x = a / b;
  // Two significant digits below 1, so a 300x slower tool reads 0.0033x rather than 0.00x.
  return `${x >= 10 ? x.toFixed(0) : x >= 1 ? x.toFixed(2) : x.toPrecision(2)}×`;
}

/** The fastest peer that aims at Markdown structure (headings, tables), among those measured in this run. */
export function fastestStructured(results: readonly ToolResult[]): ToolResult | undefined {
  return results
    .filter((r) => r.kind === 'structured' && pagesPerSec(r) !== undefined)
    .reduce<ToolResult | undefined>((best, r) => ((pagesPerSec(r) ?? 0) > (best ? (pagesPerSec(best) ?? 0) : -1) ? r : best), undefined);
}

function row(r: ToolResult, pdftotext: ToolResult | undefined, fastest: ToolResult | undefined): string {
  if (r.outcome.status !== 'ran') {
    return `| ${r.name} | ${Array(15).fill('–').join(' | ')} | **not run**: ${r.outcome.reason.replace(/\|/g, '/')} |`;
  }
  const m = r.outcome.measured;
  const s = m.scores.ok ? m.scores.value : undefined;
  const perProducer = PRODUCERS.map((p) => num(s?.by_producer[p]?.overall));
  const fails = m.failures.length;
  const note = m.scores.ok ? '' : `scoring failed: ${m.scores.reason}`;
  return `| ${r.name} | ${num(s?.means.overall)} | ${num(s?.means.nid)} | ${num(s?.means.teds)} | ${num(s?.means.mhs)} | ${perProducer.join(' | ')} | ${num(pagesPerSec(r), 1)} | ${num(pagesPerCpuSec(r), 1)} | ${ratio(r, pdftotext)} | ${fastest ? ratio(r, fastest) : '–'} | ${m.peakRssKb === undefined ? '–' : kbToMb(m.peakRssKb).toFixed(0)} | ${fails}/${m.docs} | ${m.furniture.docs}/${m.docs} | ${note.replace(/\|/g, '/')} |`;
}

export function renderTable(results: readonly ToolResult[]): string {
  const pdftotext = results.find((r) => r.name === 'pdftotext');
  const fastest = fastestStructured(results);
  const head = `| tool | overall | NID | TEDS | MHS | ${PRODUCERS.join(' | ')} | pages/s | pages/CPU-s | × pdftotext | × ${fastest ? fastest.name : 'fastest structured'} | peak RSS MB | failures | running headers left | notes |`;
  const sep = `|${' --- |'.repeat(17)}`;
  return [head, sep, ...results.map((r) => row(r, pdftotext, fastest))].join('\n');
}

function renderVersions(results: readonly ToolResult[]): string {
  return results
    .map((r) => {
      const o = r.outcome;
      const detail = o.status === 'ran'
        ? `${o.version}; wall ${o.measured.wallSec.toFixed(1)} s, CPU ${o.measured.cpuSec.toFixed(1)} s, mean load ${o.measured.loadAvg.toFixed(1)}; furniture: ${o.measured.furniture.pageNumberDocs} with page numbers, ${o.measured.furniture.repeatedHeaderDocs} with repeated headers`
        : `not run — ${o.reason}`;
      return `- **${r.name}** (${r.kind}): ${detail}`;
    })
    .join('\n');
}

function renderFailures(results: readonly ToolResult[]): string {
  const lines: string[] = [];
  for (const r of results) {
    if (r.outcome.status !== 'ran') continue;
    const f = r.outcome.measured.failures;
    if (f.length === 0) continue;
    lines.push(`- **${r.name}**: ${f.length} failed`);
    for (const x of f.slice(0, 5)) lines.push(`  - \`${x.id}\` ${x.status}: ${x.reason.replace(/\n/g, ' ').slice(0, 200)}`);
    if (f.length > 5) lines.push(`  - … ${f.length - 5} more in bench/out/results.json`);
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

export function renderResults(meta: RunMeta, results: readonly ToolResult[], memory: MemoryCheck): string {
  return `# p2m bench results

- date: ${meta.date}
- machine: ${meta.machine}
- command: \`${meta.command}\`
- corpus: \`${meta.corpus}\`, ${meta.docs} PDFs, ${meta.pages} pages (pages/s uses the manifest's page counts)

Scores from the corpus's score.py (higher is better; per-producer columns are overall). pages/s is from the
wall time of the whole set with both cores in use; pages/CPU-s from user+system CPU time, which other work on
the machine disturbs less (see each tool's mean load below). Peak RSS is the largest single process (GNU time -v).
"running headers left" counts predictions that still hold page numbers / "Page n of N" / repeated running
headers absent from the ground truth. Columns are explained in bench/README.md.

${renderTable(results)}

## Tools

${renderVersions(results)}

## Failures

${renderFailures(results)}

## Memory check (~100 pages)

${renderMemory(memory)}
`;
}
