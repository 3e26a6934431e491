/**
 * The Overview's short sections, one per area, each with a link to its page:
 * the latest jobs (with Download when ready), keys, devices, webhooks and the
 * plan. Rendered on the server from the same operations' answers.
 */
import type { Job } from '../../core/jobs/job-schema.ts';
import { escapeHtml } from '../../http/html/escape-html.ts';

export type Summary = {
  jobs: readonly Job[];
  keys: { used: number; limit: number };
  devices: number;
  webhooks: { enabled: boolean; used: number; limit: number };
  tier: string;
};

function jobItem(j: Job): string {
  const state = j.status === 'error' ? `error (${escapeHtml(j.error_code ?? '')})` : escapeHtml(j.status);
  const download = j.download_url ? ` · <a href="${escapeHtml(j.download_url)}" download="${escapeHtml(j.file_name.replace(/\.pdf$/i, ''))}.md" aria-label="Download ${escapeHtml(j.file_name)}">Download</a>` : '';
  return `<li>${escapeHtml(j.file_name)}: ${state}${download}</li>`;
}

const section = (id: string, title: string, content: string, link: string, linkText: string) =>
  `<section aria-labelledby="${id}">
<h2 id="${id}">${title}</h2>
${content}
<p><a href="${link}">${linkText}</a></p>
</section>`;

export function overviewSummary(s: Summary): string {
  const jobs = s.jobs.length ? `<ul id="recent-jobs">${s.jobs.map(jobItem).join('')}</ul>` : '<p>No jobs yet.</p>';
  const devices = `<p>${s.devices === 0 ? 'No linked devices.' : `${s.devices} linked (the browser extension).`}</p>`;
  const hooks = s.webhooks.enabled
    ? `<p>${s.webhooks.used} of ${s.webhooks.limit} endpoints.</p>`
    : `<p>Not on your plan (${escapeHtml(s.tier)}): webhooks are part of the paid plans.</p>`;
  return [
    section('jobs-summary', 'Jobs', jobs, '/account/jobs', 'All jobs, and convert a PDF'),
    section('keys-summary', 'API keys', `<p>${s.keys.used} of ${s.keys.limit} keys.</p>`, '/account/keys', 'Manage API keys'),
    section('devices-summary', 'Devices', devices, '/account/devices', 'Manage devices'),
    section('webhooks-summary', 'Webhooks', hooks, s.webhooks.enabled ? '/account/webhooks' : '/account/plan', s.webhooks.enabled ? 'Manage webhooks' : 'See the plans'),
    section('plan-summary', 'Plan', `<p>You are on the <strong>${escapeHtml(s.tier)}</strong> plan.</p>`, '/account/plan', 'Compare plans'),
  ].join('\n');
}
