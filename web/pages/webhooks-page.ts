/**
 * /account/webhooks: on a plan with webhooks, the endpoints (added with the
 * secret shown once, tested, rotated, deleted) and each one's delivery log
 * with Redeliver, all through the webhooks API; on other plans, why not and
 * where to change that.
 */
import { WEBHOOK_EVENT_TRIGGERS } from '../../core/webhooks/webhook-events.ts';
import { escapeHtml } from '../../http/html/escape-html.ts';
import type { Page } from '../../http/html/html-page.ts';
import { dashboardPage } from './dashboard-shell.ts';

export type WebhooksPageData = { origin: string; email: string | null; tier: string; enabled: boolean; limit: number };

function notInPlan(tier: string): string {
  return `<p id="webhooks-not-in-plan">Webhooks are part of the paid plans: they send your server a signed message when a job is ready, fails or is deleted. Your plan (<strong>${escapeHtml(tier)}</strong>) has none.</p>
<p><a href="/account/plan">See the plans and upgrade</a></p>`;
}

export function webhooksPage(d: WebhooksPageData): Page {
  const events = Object.entries(WEBHOOK_EVENT_TRIGGERS)
    .map(([e, when]) => `<label title="${escapeHtml(when)}"><input type="checkbox" name="event" value="${e}"> <code>${e}</code></label>`)
    .join('\n');
  const body = d.enabled
    ? `<p>Each delivery is signed with the endpoint's secret (<code>X-P2M-Signature</code>), retried with backoff, and listed below. Your plan allows ${d.limit} endpoints.</p>
<div class="table-wrap">
<table id="hook-table" class="stack">
<caption>Your webhook endpoints</caption>
<thead><tr><th scope="col">URL</th><th scope="col">Events</th><th scope="col">Created</th><th scope="col">State</th><th scope="col"><span class="visually-hidden">Actions</span></th></tr></thead>
<tbody id="hook-rows"><tr><td colspan="5">Loading…</td></tr></tbody>
</table>
</div>
<h2 id="add-title">Add an endpoint</h2>
<form id="add-hook" aria-labelledby="add-title">
<label for="hook-url">Endpoint URL <input id="hook-url" name="url" type="url" required placeholder="https://example.com/p2m-events" autocomplete="off"></label>
<fieldset><legend>Events (none checked: all)</legend>
${events}
</fieldset>
<button type="submit">Add endpoint</button>
</form>
<div id="new-secret" hidden>
<h3 id="new-secret-title">Signing secret</h3>
<p id="new-secret-note">Copy it now: it is shown only once.</p>
<p class="secret"><code id="new-secret-value"></code></p>
<button type="button" data-copy="new-secret-value" data-what="the secret">Copy secret</button>
</div>
<section id="log" aria-labelledby="log-title" hidden>
<h2 id="log-title">Deliveries</h2>
<div class="table-wrap">
<table class="stack">
<caption class="visually-hidden">Deliveries, newest first</caption>
<thead><tr><th scope="col">Event</th><th scope="col">Status</th><th scope="col">Attempts</th><th scope="col">Next retry</th><th scope="col">Created</th><th scope="col"><span class="visually-hidden">Actions</span></th></tr></thead>
<tbody id="log-rows"></tbody>
</table>
</div>
<p><button type="button" id="log-more" hidden>Show older deliveries</button></p>
</section>`
    : notInPlan(d.tier);
  return dashboardPage({ section: 'webhooks', title: 'Webhooks', origin: d.origin, email: d.email, body, script: 'webhooks', data: { enabled: d.enabled } });
}
