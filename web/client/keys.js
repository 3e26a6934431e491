// /account/keys: list, create (scopes chosen, secret shown once, filled into the MCP snippet), revoke (confirmed).
async function loadKeys() {
  const list = await api('GET', '/api/v2/api-keys');
  const rows = $('key-rows');
  rows.replaceChildren();
  $('key-count').textContent = '(' + list.used + ' of ' + list.limit + ')';
  if (list.items.length === 0) rows.append(emptyRow(7, 'No keys yet.'));
  for (const key of list.items) {
    const revoke = el('button', { type: 'button', 'aria-label': 'Revoke key ' + key.name }, 'Revoke');
    action(revoke, 'Revoking the key', () => revokeKey(key));
    const device = key.device_id;
    rows.append(row(
      el('td', { 'data-label': 'Name' }, key.name),
      el('td', { 'data-label': 'Starts with' }, el('code', {}, key.start + '…')),
      el('td', { 'data-label': 'Scopes' }, key.scopes.join(', ')),
      el('td', { 'data-label': 'Created' }, timeEl(key.created_at)),
      el('td', { 'data-label': 'Last used' }, key.last_used_at ? timeEl(key.last_used_at) : 'never'),
      el('td', { 'data-label': 'Made by' }, device ? 'Device ' + (DATA.deviceNames[device] || device.slice(0, 8)) : '—'),
      el('td', {}, revoke),
    ));
  }
}

async function revokeKey(key) {
  const ok = await confirmAction('Revoke key ' + key.name + '?', 'Programs using it get 401 from their next request. This cannot be undone.', 'Revoke key');
  if (!ok) return;
  await api('DELETE', '/api/v2/api-keys/' + encodeURIComponent(key.id));
  say('Key ' + key.name + ' revoked.');
  await loadKeys();
}

$('create-key').addEventListener('submit', async (event) => {
  event.preventDefault();
  const name = $('key-name').value.trim();
  const scopes = [...document.querySelectorAll('input[name=scope]:checked')].map((c) => c.value);
  if (scopes.length === 0) { say('Choose at least one scope.'); return; }
  try {
    const created = await api('POST', '/api/v2/api-keys', { name, scopes });
    $('new-key-secret').textContent = created.secret;
    $('new-key').hidden = false;
    $('key-name').value = '';
    const snippet = $('mcp-snippet');
    snippet.textContent = snippet.textContent.replace(/Bearer [^"]+/, 'Bearer ' + created.secret);
    say('Key ' + created.name + ' created. Copy it now: it is shown only once.');
    $('copy-key').focus();
    await loadKeys();
  } catch (e) { say('Could not create the key: ' + e.message); }
});

loadKeys().catch((e) => {
  $('key-rows').replaceChildren(emptyRow(7, 'Could not load your API keys: ' + e.message));
  say('Could not load your API keys: ' + e.message);
});
