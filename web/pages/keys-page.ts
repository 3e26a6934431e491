/** /account/keys: the account's API keys (listed, created with a choice of scopes and shown once, revoked) by the keys API. */
import { DEFAULT_SCOPES, Scope } from '../../core/scopes.ts';
import type { Page } from '../../http/html/html-page.ts';
import { dashboardPage } from './dashboard-shell.ts';

const SCOPE_MEANINGS: Record<Scope, string> = {
  'jobs:create': 'create jobs',
  'jobs:read': 'list and read jobs',
  'jobs:download': 'download results',
  'jobs:delete': 'delete and cancel jobs',
  'settings:read': 'read device settings',
  'settings:write': 'change device settings',
};

export function keysPage(d: { origin: string; email: string | null; deviceNames: Record<string, string> }): Page {
  const scopes = Scope.options
    .map((s) => {
      const checked = DEFAULT_SCOPES.includes(s) ? ' checked' : '';
      return `<label><input type="checkbox" name="scope" value="${s}"${checked}> <code>${s}</code> (${SCOPE_MEANINGS[s]})</label>`;
    })
    .join('\n');
  const body = `<p>An API key lets a program or an agent act for this account: send it as <code>Authorization: Bearer p2m_…</code>. Never put one in code that runs in a browser.</p>
<div class="table-wrap">
<table id="key-table" class="stack">
<caption>Your API keys <span id="key-count"></span></caption>
<thead><tr><th scope="col">Name</th><th scope="col">Starts with</th><th scope="col">Scopes</th><th scope="col">Created</th><th scope="col">Last used</th><th scope="col">Made by</th><th scope="col"><span class="visually-hidden">Actions</span></th></tr></thead>
<tbody id="key-rows"><tr><td colspan="7">Loading…</td></tr></tbody>
</table>
</div>
<h2 id="create-title">Create a key</h2>
<form id="create-key" aria-labelledby="create-title">
<label for="key-name">Name of the new key <input id="key-name" name="name" required maxlength="100" autocomplete="off"></label>
<fieldset><legend>Scopes</legend>
${scopes}
</fieldset>
<button type="submit">Create key</button>
</form>
<div id="new-key" hidden>
<h3>Your new key</h3>
<p>Copy it now: it is shown only once.</p>
<p class="secret"><code id="new-key-secret"></code></p>
<button type="button" id="copy-key" data-copy="new-key-secret" data-what="the key">Copy key</button>
</div>`;
  return dashboardPage({ section: 'keys', title: 'API keys', origin: d.origin, email: d.email, body, script: 'keys', data: { origin: d.origin, deviceNames: d.deviceNames } });
}
