/** Cells the results tables of every corpus share: numbers, throughput, ratios, memory. */
import { kbToMb } from './time-v.ts';
import type { Measured, ToolResult } from './tool-result.ts';

/** A score with `digits` decimals, or "–" when there is none. */
export const num = (v: number | null | undefined, digits = 3): string => (v === null || v === undefined ? '–' : v.toFixed(digits));

/** Table cells may not hold a pipe. */
export const cellText = (s: string): string => s.replace(/\|/g, '/');

export function measuredOf(r: ToolResult): Measured | undefined {
  return r.outcome.status === 'ran' ? r.outcome.measured : undefined;
}

export function pagesPerSec(r: ToolResult): number | undefined {
  const m = measuredOf(r);
  return m && m.wallSec > 0 ? m.pages / m.wallSec : undefined;
}

export function pagesPerCpuSec(r: ToolResult): number | undefined {
  const m = measuredOf(r);
  return m && m.cpuSec > 0 ? m.pages / m.cpuSec : undefined;
}

export const rssCell = (m: Measured): string => (m.peakRssKb === undefined ? '–' : kbToMb(m.peakRssKb).toFixed(0));

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

/** The row of a tool that could not run: dashes in `cells` columns, then the reason. */
export function unavailableRow(name: string, cells: number, reason: string): string {
  return `| ${name} | ${Array(cells).fill('–').join(' | ')} | **not run**: ${cellText(reason)} |`;
}
