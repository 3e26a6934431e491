/** The real-world corpus's results table: the ICDAR 2013 table measure, throughput and failures. */
import { cellText, num, pagesPerCpuSec, pagesPerSec, ratio, rssCell, unavailableRow } from './results-cells.ts';
import type { RealworldScores } from './score-realworld.ts';
import type { ToolResult } from './tool-result.ts';

function row(r: ToolResult, pdftotext: ToolResult | undefined): string {
  if (r.outcome.status !== 'ran') return unavailableRow(r.name, 12, r.outcome.reason);
  const m = r.outcome.measured;
  if (m.quality.corpus !== 'realworld') throw new Error(`${r.name}: not a realworld corpus result`);
  const q = m.quality;
  const s: RealworldScores | undefined = q.scores.ok ? q.scores.value : undefined;
  const note = q.scores.ok ? '' : `scoring failed: ${q.scores.reason}`;
  const tables = s ? `${s.pred_tables} (${s.docs_without_pred_table} docs none)` : '–';
  return `| ${r.name} | ${num(s?.doc_f1)} | ${num(s?.doc_precision)} | ${num(s?.doc_recall)} | ${num(s?.micro_f1)} | ${num(s?.found_rate)} | ${num(s?.teds_mean)} | ${tables} | ${num(pagesPerSec(r), 1)} | ${num(pagesPerCpuSec(r), 1)} | ${ratio(r, pdftotext)} | ${rssCell(m)} | ${m.failures.length}/${m.docs} | ${cellText(note)} |`;
}

/** The real-world table: one row per tool, in run order. */
export function renderRealworldTable(results: readonly ToolResult[]): string {
  const pdftotext = results.find((r) => r.name === 'pdftotext');
  const head = '| tool | ICDAR F1 (doc mean) | P (doc mean) | R (doc mean) | F1 (micro) | found | TEDS | tables predicted | pages/s | pages/CPU-s | × pdftotext | peak RSS MB | failures | notes |';
  const sep = `|${' --- |'.repeat(14)}`;
  return [head, sep, ...results.map((r) => row(r, pdftotext))].join('\n');
}
