/** The dev corpus's results table: score.py's scores, per producer, throughput and furniture left. */
import {
  cellText, fastestStructured, num, pagesPerCpuSec, pagesPerSec, ratio, rssCell, unavailableRow,
} from './results-cells.ts';
import type { Scores } from './score.ts';
import type { ToolResult } from './tool-result.ts';

export const PRODUCERS = ['html-1col', 'html-2col', 'latex', 'office'] as const;

function row(r: ToolResult, pdftotext: ToolResult | undefined, fastest: ToolResult | undefined): string {
  if (r.outcome.status !== 'ran') return unavailableRow(r.name, 15, r.outcome.reason);
  const m = r.outcome.measured;
  if (m.quality.corpus !== 'dev') throw new Error(`${r.name}: not a dev corpus result`);
  const q = m.quality;
  const s: Scores | undefined = q.scores.ok ? q.scores.value : undefined;
  const perProducer = PRODUCERS.map((p) => num(s?.by_producer[p]?.overall));
  const note = q.scores.ok ? '' : `scoring failed: ${q.scores.reason}`;
  return `| ${r.name} | ${num(s?.means.overall)} | ${num(s?.means.nid)} | ${num(s?.means.teds)} | ${num(s?.means.mhs)} | ${perProducer.join(' | ')} | ${num(pagesPerSec(r), 1)} | ${num(pagesPerCpuSec(r), 1)} | ${ratio(r, pdftotext)} | ${fastest ? ratio(r, fastest) : '–'} | ${rssCell(m)} | ${m.failures.length}/${m.docs} | ${q.furniture.docs}/${m.docs} | ${cellText(note)} |`;
}

/** The dev table: one row per tool, in run order. */
export function renderDevTable(results: readonly ToolResult[]): string {
  const pdftotext = results.find((r) => r.name === 'pdftotext');
  const fastest = fastestStructured(results);
  const head = `| tool | overall | NID | TEDS | MHS | ${PRODUCERS.join(' | ')} | pages/s | pages/CPU-s | × pdftotext | × ${fastest ? fastest.name : 'fastest structured'} | peak RSS MB | failures | running headers left | notes |`;
  const sep = `|${' --- |'.repeat(17)}`;
  return [head, sep, ...results.map((r) => row(r, pdftotext, fastest))].join('\n');
}
