/**
 * This month's use against the plan's allowance, by day, as an inline SVG
 * drawn on the server: the running totals of jobs and of pages, each as a
 * share of its allowance, with the allowance as a dashed line at 100 %.
 */
import type { z } from 'zod';
import type { Usage } from '../../core/accounts/get-usage.ts';
import { escapeHtml } from '../../http/html/escape-html.ts';

const W = 600;
const H = 180;
const PAD = { left: 40, right: 10, top: 10, bottom: 24 };

type UsageView = z.output<typeof Usage>;

const daysIn = (start: string) => {
  const d = new Date(start);
  return new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0)).getUTCDate();
};

/** Running totals of a counter as percentages of its allowance. */
function running(values: number[], allowance: number): number[] {
  let sum = 0;
  return values.map((v) => ((sum += v) / allowance) * 100);
}

/** The SVG chart (role img, with a text alternative) of a usage view. */
export function usageChart(usage: UsageView): string {
  const days = daysIn(usage.period.start);
  const jobs = running(usage.days.map((d) => d.jobs), usage.jobs.allowance);
  const pages = running(usage.days.map((d) => d.pages), usage.pages.allowance);
  const top = Math.max(100, ...jobs, ...pages) * 1.1;
  const x = (day: number) => PAD.left + ((day - 0.5) / days) * (W - PAD.left - PAD.right);
  const y = (pct: number) => H - PAD.bottom - (pct / top) * (H - PAD.top - PAD.bottom);
  const line = (pts: number[], cls: string) =>
    pts.length === 0 ? '' : `<polyline class="${cls}" points="${pts.map((p, i) => `${x(i + 1).toFixed(1)},${y(p).toFixed(1)}`).join(' ')}"/>`;
  const ticks = [1, 8, 15, 22, days].map((d) => `<text x="${x(d).toFixed(1)}" y="${H - 6}" text-anchor="middle">${d}</text>`).join('');
  const month = new Date(usage.period.start).toLocaleString('en-US', { month: 'long', timeZone: 'UTC' });
  const label = `${month}: ${usage.jobs.used} of ${usage.jobs.allowance} jobs (${Math.round(jobs.at(-1) ?? 0)} %) and ${usage.pages.used} of ${usage.pages.allowance} pages (${Math.round(pages.at(-1) ?? 0)} %) of the plan's allowance, by day.`;
  return `<figure>
<svg class="chart" viewBox="0 0 ${W} ${H}" role="img" aria-labelledby="chart-title" xmlns="http://www.w3.org/2000/svg">
<title id="chart-title">${escapeHtml(label)}</title>
<line class="axis" x1="${PAD.left}" y1="${H - PAD.bottom}" x2="${W - PAD.right}" y2="${H - PAD.bottom}"/>
<line class="axis" x1="${PAD.left}" y1="${PAD.top}" x2="${PAD.left}" y2="${H - PAD.bottom}"/>
<line class="limit" x1="${PAD.left}" y1="${y(100).toFixed(1)}" x2="${W - PAD.right}" y2="${y(100).toFixed(1)}"/>
<text x="${PAD.left - 4}" y="${(y(100) + 4).toFixed(1)}" text-anchor="end">100%</text>
<text x="${PAD.left - 4}" y="${H - PAD.bottom + 4}" text-anchor="end">0</text>
${ticks}
${line(jobs, 'jobs')}
${line(pages, 'pages')}
</svg>
<figcaption><span class="key-jobs">━ jobs</span> and <span class="key-pages">╍ pages</span> so far this month as a share of the plan's allowance (dashed line: 100 %), by day of the month (UTC).</figcaption>
</figure>`;
}
