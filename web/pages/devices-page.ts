/** /account/devices: the devices linked to the account (GET /api/v2/account/devices) and Unlink, confirmed. */
import type { Page } from '../../http/html/html-page.ts';
import { dashboardPage } from './dashboard-shell.ts';

export function devicesPage(d: { origin: string; email: string | null }): Page {
  const body = `<p>A linked device (the browser extension) converts with this account's plan and can manage its keys and webhooks. Unlink any device you do not recognise: its active jobs go back to it as anonymous jobs, and the API keys it made are revoked.</p>
<div class="table-wrap">
<table id="device-table" class="stack">
<caption class="visually-hidden">Your linked devices</caption>
<thead><tr><th scope="col">Device (code shown when linked)</th><th scope="col">Registered</th><th scope="col">Linked</th><th scope="col">Last seen</th><th scope="col">Active jobs</th><th scope="col"><span class="visually-hidden">Actions</span></th></tr></thead>
<tbody id="device-rows"><tr><td colspan="6">Loading…</td></tr></tbody>
</table>
</div>
<p>To link a device, start linking in the extension and compare the code it shows with the one on the confirmation page.</p>`;
  return dashboardPage({ section: 'devices', title: 'Devices', origin: d.origin, email: d.email, body, script: 'devices' });
}
