/**
 * /account: the signed-in account, its plan and fair-use usage (rendered on
 * the server), its API keys, which the page's script lists, creates and
 * revokes, and its linked devices, which it lists and unlinks, through the JSON API with the session cookie (same origin, so the
 * gateway's CSRF origin check passes). Without a session: a sign-in link.
 */
import type { z } from 'zod';
import type { Account } from '../../core/accounts/get-me.ts';
import type { Usage } from '../../core/accounts/get-usage.ts';
import { ACCOUNT_SCRIPT } from './account-script.ts';
import { escapeHtml } from './escape-html.ts';
import type { Page } from './html-page.ts';

export const SIGN_IN_PATH = '/api/v2/auth/idp/start';

/** The page for a browser with no valid session. */
export function signedOutAccountPage(): Page {
  return {
    title: 'Your account',
    main: `<h1>Your account</h1>
<p>You are not signed in.</p>
<p><a href="${SIGN_IN_PATH}">Sign in</a> to see your plan and usage and to manage API keys.</p>`,
  };
}

const n = (v: number) => v.toLocaleString('en-US');

/** The linked devices, listed and unlinked by the page's script through /api/v2/account/devices. */
const DEVICES_SECTION = `<section aria-labelledby="devices">
<h2 id="devices">Linked devices</h2>
<p>A linked device (the browser extension) converts on your plan and can create API keys and manage webhooks for this account. Unlinking it returns its running jobs to the device and revokes the API keys it created.</p>
<table id="device-table">
<caption>Your linked devices <span id="device-count"></span></caption>
<thead><tr><th scope="col">Code</th><th scope="col">Linked</th><th scope="col">Last seen</th><th scope="col">Active jobs</th><th scope="col"><span class="visually-hidden">Actions</span></th></tr></thead>
<tbody id="device-rows"><tr><td colspan="5">Loading…</td></tr></tbody>
</table>
</section>`;

export function accountPage(account: z.output<typeof Account>, usage: z.output<typeof Usage>): Page {
  const month = new Date(usage.period.start).toLocaleString('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' });
  return {
    title: 'Your account',
    main: `<h1>Your account</h1>
<section aria-labelledby="who">
<h2 id="who">Signed in</h2>
<dl>
<dt>E-mail</dt><dd id="account-email">${escapeHtml(account.email ?? '')}</dd>
<dt>Plan</dt><dd id="account-tier">${escapeHtml(account.tier)}</dd>
<dt>Member since</dt><dd><time datetime="${escapeHtml(account.created_at)}">${escapeHtml(account.created_at.slice(0, 10))}</time></dd>
</dl>
<button type="button" id="sign-out">Sign out</button>
</section>
<section aria-labelledby="usage">
<h2 id="usage">Usage in ${escapeHtml(month)} (UTC)</h2>
<ul class="meter">
<li>Jobs: <span id="usage-jobs">${n(usage.jobs.used)}</span> of ${n(usage.jobs.allowance)}</li>
<li>Pages: <span id="usage-pages">${n(usage.pages.used)}</span> of ${n(usage.pages.allowance)}</li>
<li>Conversion slots in use: ${n(usage.slot_usage.used)} of ${n(usage.slot_usage.limit)}</li>
</ul>
</section>
<section aria-labelledby="keys">
<h2 id="keys">API keys</h2>
<p>An API key lets a program create conversion jobs for this account: send it as <code>Authorization: Bearer p2m_…</code>. Never put one in client code.</p>
<table id="key-table">
<caption>Your API keys <span id="key-count"></span></caption>
<thead><tr><th scope="col">Name</th><th scope="col">Starts with</th><th scope="col">Created</th><th scope="col"><span class="visually-hidden">Actions</span></th></tr></thead>
<tbody id="key-rows"><tr><td colspan="4">Loading…</td></tr></tbody>
</table>
<form id="create-key">
<label for="key-name">Name of the new key</label>
<input id="key-name" name="name" required maxlength="100" autocomplete="off">
<button type="submit">Create key</button>
</form>
<div id="new-key" hidden>
<h3>Your new key</h3>
<p>Copy it now: it is shown only once.</p>
<p class="secret"><code id="new-key-secret"></code></p>
<button type="button" id="copy-key">Copy key</button>
</div>
</section>
${DEVICES_SECTION}
<p id="status" role="status" aria-live="polite"></p>`,
    script: ACCOUNT_SCRIPT,
  };
}
