/** The hostile run's verdict and its Markdown report. */
import type { PdfOutcome } from './hostile-pdfs.ts';

export type CaseResult = { category: string; name: string; status: number; up: boolean; rssMb: number };

export type RunSummary = {
  results: CaseResult[];
  pdfs: PdfOutcome[];
  baselineMb: number;
  peakMb: number;
  endMb: number;
  up: boolean;
  /** Bound on the growth of the server's RSS over the run (peak − start). */
  maxGrowthMb: number;
};

/** A clean answer: a status below 500, or a closed connection (a refusal); never a 5xx or no answer in time. */
export const clean = (status: number): boolean => status === 0 || (status >= 200 && status < 500);

const shown = (status: number) => (status === 0 ? 'closed' : status === -1 ? 'no answer' : String(status));

export function report(r: RunSummary): { text: string; passed: boolean } {
  const failed = r.results.filter((c) => !clean(c.status) || !c.up);
  const settled = r.pdfs.filter((p) => ['ready', 'error'].includes(p.status));
  const pdfFailed = r.pdfs.filter((p) => !clean(p.created) || (p.created < 300 && !['ready', 'error'].includes(p.status)));
  const memoryOk = r.peakMb - r.baselineMb <= r.maxGrowthMb;
  const passed = failed.length === 0 && pdfFailed.length === 0 && r.up && memoryOk;
  const lines = [
    `# Hostile-input run`,
    '',
    `Command: \`node bench/hostile-http/run.ts\` (the real \`p2m serve\` on loopback, embedded database, one worker).`,
    '',
    `**${passed ? 'Passed' : 'FAILED'}**: ${r.results.length - failed.length}/${r.results.length} requests answered cleanly; ` +
      `${settled.length}/${r.pdfs.length} hostile PDFs settled (ready or error); process ${r.up ? 'up' : 'DOWN'} at the end; ` +
      `server RSS ${r.baselineMb.toFixed(0)} MB at start, peak ${r.peakMb.toFixed(0)} MB (growth ${(r.peakMb - r.baselineMb).toFixed(0)} MB, bound ${r.maxGrowthMb} MB), ${r.endMb.toFixed(0)} MB at the end.`,
    '',
    '| category | request | answer | RSS after (MB) |',
    '|---|---|---|---|',
    ...r.results.map((c) => `| ${c.category} | ${c.name} | ${shown(c.status)}${clean(c.status) ? '' : ' ✗'} | ${c.rssMb.toFixed(0)} |`),
    '',
    `Hostile PDFs: ${countBy(r.pdfs.map((p) => p.status))}.`,
    ...pdfFailed.map((p) => `- ✗ ${p.file}: created ${shown(p.created)}, ${p.status}`),
    '',
  ];
  return { text: lines.join('\n'), passed };
}

function countBy(values: string[]): string {
  const m = new Map<string, number>();
  for (const v of values) m.set(v, (m.get(v) ?? 0) + 1);
  return [...m].map(([k, n]) => `${n} ${k}`).join(', ');
}
