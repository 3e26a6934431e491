// /account/devices: list (GET /api/v2/account/devices) and unlink (confirmed; DELETE /api/v2/account/devices/{id}).
async function loadDevices() {
  const out = await api('GET', '/api/v2/account/devices');
  const rows = $('device-rows');
  rows.replaceChildren();
  if (out.devices.length === 0) rows.append(emptyRow(6, 'No linked devices.'));
  for (const d of out.devices) {
    const name = d.user_code_hint ? d.user_code_hint + '-…' : 'device ' + d.device_id.slice(0, 8);
    const unlink = el('button', { type: 'button', 'aria-label': 'Unlink device ' + name }, 'Unlink');
    action(unlink, 'Unlinking the device', async () => {
      const jobs = d.active_jobs ? ' Its ' + d.active_jobs + ' active jobs go back to the device as anonymous jobs.' : '';
      if (!(await confirmAction('Unlink device ' + name + '?', 'It loses this account\'s plan, and the API keys it created are revoked.' + jobs, 'Unlink device'))) {
        say('Device ' + name + ' stays linked.');
        return;
      }
      const done = await api('DELETE', '/api/v2/account/devices/' + encodeURIComponent(d.device_id));
      const keys = done && done.api_keys_revoked > 0 ? ' ' + done.api_keys_revoked + ' API key(s) it created revoked.' : '';
      say('Device ' + name + ' unlinked.' + keys);
      await loadDevices();
    });
    rows.append(row(
      el('td', { 'data-label': 'Device' }, name),
      el('td', { 'data-label': 'Registered' }, timeEl(d.registered_at)),
      el('td', { 'data-label': 'Linked' }, timeEl(d.linked_at)),
      el('td', { 'data-label': 'Last seen' }, timeEl(d.last_seen_at)),
      el('td', { 'data-label': 'Active jobs' }, String(d.active_jobs)),
      el('td', {}, unlink),
    ));
  }
}

loadDevices().catch((e) => {
  const text = e.code === 'http_404' || e.code === 'not_found' ? 'Device management is not available on this server.' : 'Could not load your devices: ' + e.message;
  $('device-rows').replaceChildren(emptyRow(6, text));
  say(text);
});
