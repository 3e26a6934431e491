/**
 * The script of /account, inline under the page's CSP nonce. It talks only to
 * this origin's JSON API with the session cookie (fetch's default
 * same-origin credentials), builds every node with textContent (no HTML from
 * data), and reports each outcome in the page's live region.
 */
export const ACCOUNT_SCRIPT = `
'use strict';
const $ = (id) => document.getElementById(id);
const status = (text) => { $('status').textContent = text; };
const api = async (method, path, body) => {
  const init = { method, headers: { accept: 'application/json' } };
  if (body !== undefined) { init.headers['content-type'] = 'application/json'; init.body = JSON.stringify(body); }
  const res = await fetch(path, init);
  if (res.status === 401) { location.reload(); throw new Error('signed out'); }
  const data = res.status === 204 ? null : await res.json();
  if (!res.ok) throw new Error(data && data.error ? data.error.message : 'HTTP ' + res.status);
  return data;
};
const cell = (row, text) => { const td = document.createElement('td'); td.textContent = text; row.append(td); return td; };
async function loadKeys() {
  const list = await api('GET', '/api/v2/api-keys');
  const rows = $('key-rows');
  rows.replaceChildren();
  $('key-count').textContent = '(' + list.used + ' of ' + list.limit + ')';
  if (list.items.length === 0) { const tr = document.createElement('tr'); cell(tr, 'No keys yet.').colSpan = 4; rows.append(tr); }
  for (const key of list.items) {
    const tr = document.createElement('tr');
    cell(tr, key.name);
    cell(tr, key.start + '…');
    cell(tr, String(key.created_at).slice(0, 10));
    const revoke = document.createElement('button');
    revoke.type = 'button';
    revoke.textContent = 'Revoke';
    revoke.setAttribute('aria-label', 'Revoke key ' + key.name);
    revoke.addEventListener('click', () => revokeKey(key).catch((e) => status('Could not revoke the key: ' + e.message)));
    cell(tr, '').append(revoke);
    rows.append(tr);
  }
}
async function revokeKey(key) {
  await api('DELETE', '/api/v2/api-keys/' + encodeURIComponent(key.id));
  status('Key ' + key.name + ' revoked.');
  await loadKeys();
}
const when = (t) => (t ? String(t).slice(0, 16).replace('T', ' ') + ' UTC' : '—');
async function loadDevices() {
  const list = await api('GET', '/api/v2/account/devices');
  const rows = $('device-rows');
  rows.replaceChildren();
  $('device-count').textContent = '(' + list.devices.length + ')';
  if (list.devices.length === 0) { const tr = document.createElement('tr'); cell(tr, 'No linked devices.').colSpan = 5; rows.append(tr); }
  for (const d of list.devices) {
    const name = d.user_code_hint ? d.user_code_hint + '-…' : 'device ' + d.device_id.slice(0, 8);
    const tr = document.createElement('tr');
    cell(tr, name);
    cell(tr, when(d.linked_at));
    cell(tr, when(d.last_seen_at));
    cell(tr, String(d.active_jobs));
    const unlink = document.createElement('button');
    unlink.type = 'button';
    unlink.textContent = 'Unlink';
    unlink.setAttribute('aria-label', 'Unlink device ' + name);
    unlink.addEventListener('click', () => unlinkDevice(d, name).catch((e) => status('Could not unlink the device: ' + e.message)));
    cell(tr, '').append(unlink);
    rows.append(tr);
  }
}
async function unlinkDevice(d, name) {
  const question = 'Unlink device ' + name + '? Its running jobs go back to the device, and the API keys it created are revoked.';
  if (!confirm(question)) { status('Device ' + name + ' stays linked.'); return; }
  const out = await api('DELETE', '/api/v2/account/devices/' + encodeURIComponent(d.device_id));
  const keys = out.api_keys_revoked > 0 ? ' ' + out.api_keys_revoked + ' API key(s) it created revoked.' : '';
  status('Device ' + name + ' unlinked.' + keys);
  await loadDevices();
  await loadKeys();
}
$('create-key').addEventListener('submit', async (event) => {
  event.preventDefault();
  const name = $('key-name').value.trim();
  try {
    const created = await api('POST', '/api/v2/api-keys', { name });
    $('new-key-secret').textContent = created.secret;
    $('new-key').hidden = false;
    $('key-name').value = '';
    status('Key ' + created.name + ' created. Copy it now: it is shown only once.');
    $('copy-key').focus();
    await loadKeys();
  } catch (e) { status('Could not create the key: ' + e.message); }
});
$('copy-key').addEventListener('click', async () => {
  try { await navigator.clipboard.writeText($('new-key-secret').textContent); status('Copied the key to the clipboard.'); }
  catch { status('Copying failed; select the key and copy it by hand.'); }
});
$('sign-out').addEventListener('click', async () => {
  try { await api('POST', '/api/v2/auth/logout'); } finally { location.reload(); }
});
loadKeys().catch((e) => status('Could not load your API keys: ' + e.message));
loadDevices().catch((e) => status('Could not load your devices: ' + e.message));
`;
