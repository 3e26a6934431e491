/** /account: who is signed in, this month's usage against the plan (with its chart), slots and the rate limit, and a short section per area. */
import type { z } from 'zod';
import type { Account } from '../../core/accounts/get-me.ts';
import type { Usage } from '../../core/accounts/get-usage.ts';
import type { Limits } from '../../core/jobs/get-limits.ts';
import { escapeHtml } from '../../http/html/escape-html.ts';
import type { Page } from '../../http/html/html-page.ts';
import { dashboardPage } from './dashboard-shell.ts';
import { overviewSummary, type Summary } from './overview-summary.ts';
import { usageChart } from './usage-chart.ts';

export type OverviewData = {
  origin: string;
  account: z.output<typeof Account>;
  usage: z.output<typeof Usage>;
  limits: z.output<typeof Limits>;
  summary: Summary;
};

const n = (v: number) => v.toLocaleString('en-US');

export function overviewPage({ origin, account, usage, limits, summary }: OverviewData): Page {
  const month = new Date(usage.period.start).toLocaleString('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' });
  const body = `<section aria-labelledby="who">
<h2 id="who">Account</h2>
<dl class="facts">
<dt>E-mail</dt><dd id="account-email">${escapeHtml(account.email ?? '')}</dd>
<dt>Plan</dt><dd><span id="account-tier">${escapeHtml(account.tier)}</span> · <a href="/account/plan">compare plans</a></dd>
<dt>Member since</dt><dd><time datetime="${escapeHtml(account.created_at)}">${escapeHtml(account.created_at.slice(0, 10))}</time></dd>
</dl>
</section>
<section aria-labelledby="usage">
<h2 id="usage">Usage</h2>
<p>In ${escapeHtml(month)} (UTC), against your plan's fair-use allowance:</p>
<ul class="meter">
<li>Jobs: <span id="usage-jobs">${n(usage.jobs.used)}</span> of ${n(usage.jobs.allowance)}</li>
<li>Pages: <span id="usage-pages">${n(usage.pages.used)}</span> of ${n(usage.pages.allowance)}</li>
<li>Conversion slots in use now: <span id="usage-slots">${n(usage.slot_usage.used)}</span> of ${n(usage.slot_usage.limit)}</li>
<li>Rate limit: <span id="rate-limit">${n(limits.rate_limit_per_minute)}</span> calls a minute per API key</li>
</ul>
${usageChart(usage)}
</section>
${overviewSummary(summary)}`;
  return dashboardPage({ section: 'overview', title: 'Your account', origin, email: account.email, body });
}
