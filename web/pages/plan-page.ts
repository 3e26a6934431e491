/**
 * /account/plan: the plans side by side from the tier table (the same
 * entitlements /api/v2/limits and /api/v2/billing/plans show), with Upgrade
 * (checkout) and Manage billing (portal) when billing is configured, and a
 * plain statement when it is not.
 */
import type { Plans } from '../../core/billing/list-plans.ts';
import { escapeHtml } from '../../http/html/escape-html.ts';
import type { Page } from '../../http/html/html-page.ts';
import { dashboardPage } from './dashboard-shell.ts';

export type PlanPageData = {
  origin: string;
  email: string | null;
  tier: string;
  /** The plans; `billing` says whether they can be bought here. */
  plans: Plans['plans'];
  billing: 'configured' | 'not_configured';
  canBuy: boolean;
};

type Ent = Plans['plans'][number]['entitlements'];
const MB = 1024 * 1024;
const dur = (s: number) => (s >= 86400 ? `${+(s / 86400).toFixed(1)} days` : s >= 3600 ? `${+(s / 3600).toFixed(1)} hours` : `${Math.round(s / 60)} minutes`);
const yes = (b: boolean) => (b ? 'yes' : 'no');

const ROWS: readonly [string, (e: Ent) => string][] = [
  ['Jobs at once (slots)', (e) => String(e.slots)],
  ['Largest PDF', (e) => `${+(e.max_file_size / MB).toFixed(1)} MB`],
  ['Time per document', (e) => dur(e.time_budget_seconds)],
  ['Results kept', (e) => dur(e.retention_seconds)],
  ['Rate limit', (e) => `${e.rate_limit_per_minute} calls a minute`],
  ['API keys', (e) => String(e.api_keys_limit)],
  ['Webhooks', (e) => (e.webhooks_enabled ? `yes, ${e.webhooks_limit} endpoints` : 'no')],
  ['Batch creation', (e) => yes(e.batch_enabled)],
  ['Conversion workers', (e) => (e.queue === 'paid' ? 'dedicated' : 'shared')],
];

function priceOf(p: Plans['plans'][number]): string {
  if (!p.paid) return 'free';
  if (!p.price || p.price.amount === null) return 'price not available right now';
  const amount = (p.price.amount / 100).toLocaleString('en-US', { style: 'currency', currency: p.price.currency.toUpperCase() });
  return p.price.interval ? `${amount} a ${p.price.interval}` : amount;
}

function planTable(d: PlanPageData): string {
  const cols = d.plans.map((p) => `<th scope="col"${p.current ? ' class="current-plan"' : ''}>${escapeHtml(p.id)}${p.current ? ' (your plan)' : ''}</th>`);
  const rows = ROWS.map(([label, f]) => `<tr><th scope="row">${label}</th>${d.plans.map((p) => `<td>${escapeHtml(f(p.entitlements))}</td>`).join('')}</tr>`);
  const price = `<tr><th scope="row">Price</th>${d.plans.map((p) => `<td>${escapeHtml(priceOf(p))}</td>`).join('')}</tr>`;
  const buy = d.plans.map((p) => {
    if (p.current || !p.paid || d.billing !== 'configured') return '<td></td>';
    if (!d.canBuy) return '<td>Cannot be bought right now: the billing provider did not answer. Try again later.</td>';
    return `<td><button type="button" class="upgrade" data-plan="${escapeHtml(p.id)}">Upgrade to ${escapeHtml(p.id)}</button></td>`;
  });
  return `<div class="table-wrap"><table class="plans">
<caption>Plans side by side</caption>
<thead><tr><td></td>${cols.join('')}</tr></thead>
<tbody>${price}${rows.join('')}<tr><th scope="row"><span class="visually-hidden">Actions</span></th>${buy.join('')}</tr></tbody>
</table></div>`;
}

export function planPage(d: PlanPageData): Page {
  const billing =
    d.billing === 'configured'
      ? `<h2 id="billing-title">Billing</h2>
<p>Payments, invoices and cancellation are handled by the billing provider's customer portal.</p>
<p><button type="button" id="portal">Manage billing</button></p>`
      : `<p id="billing-not-configured" class="error">Billing is not configured on this service, so plans cannot be bought or changed here. The operator of this service sets plans directly (for example <code>npx p2m keys create --tier pro</code>).</p>`;
  const body = `<p>Your plan: <strong id="plan-current">${escapeHtml(d.tier)}</strong>.</p>
${planTable(d)}
${billing}`;
  return dashboardPage({ section: 'plan', title: 'Plan', origin: d.origin, email: d.email, body, script: 'plan' });
}
