// /account/webhooks: endpoints (add, test, rotate, delete) and one endpoint's delivery log (Redeliver).
let shown = null;
let logCursor = null;

function showSecret(title, secret, note) {
  $('new-secret-title').textContent = title;
  $('new-secret-value').textContent = secret;
  $('new-secret-note').textContent = note;
  $('new-secret').hidden = false;
}

function stateOf(hook) {
  if (hook.enabled) return hook.consecutive_failures ? 'Enabled (' + hook.consecutive_failures + ' failed in a row)' : 'Enabled';
  return el('span', { class: 'state-error' }, 'Disabled since ' + fmtTime(hook.disabled_at) + ': ' + (hook.disabled_reason || 'deliveries kept failing') + '. A delivered test event enables it again.');
}

function hookRow(hook) {
  const b = (label, aria, what, run) => { const btn = el('button', { type: 'button', 'aria-label': aria + ' ' + hook.url }, label); action(btn, what, run); return btn; };
  return row(
    el('td', { 'data-label': 'URL' }, el('code', {}, hook.url)),
    el('td', { 'data-label': 'Events' }, hook.events.length ? hook.events.join(', ') : 'all'),
    el('td', { 'data-label': 'Created' }, timeEl(hook.created_at)),
    el('td', { 'data-label': 'State' }, stateOf(hook)),
    el('td', { class: 'actions' },
      b('Deliveries', 'Deliveries to', 'Loading deliveries', () => showLog(hook, true)),
      b('Send test', 'Send test event to', 'Sending a test event', async () => {
        await api('POST', '/api/v2/webhooks/' + hook.webhook_id + '/test', {});
        say('Test event queued for ' + hook.url + '.');
        await showLog(hook, true);
      }),
      b('Rotate secret', 'Rotate secret of', 'Rotating the secret', async () => {
        if (!(await confirmAction('Rotate the signing secret?', 'A new secret signs from now on; the old one still signs alongside it for a while, so your receiver can switch.', 'Rotate'))) return;
        const out = await api('POST', '/api/v2/webhooks/' + hook.webhook_id + '/rotate-secret', {});
        showSecret('New signing secret', out.secret, 'Copy it now: it is shown only once. The previous secret also signs until ' + fmtTime(out.previous_secret_expires_at) + '.');
        say('Secret rotated for ' + hook.url + '.');
      }),
      b('Delete', 'Delete the endpoint', 'Deleting the endpoint', async () => {
        if (!(await confirmAction('Delete this endpoint?', hook.url + ' gets no more events, and its delivery log is deleted.', 'Delete endpoint'))) return;
        await api('DELETE', '/api/v2/webhooks/' + hook.webhook_id);
        say('Endpoint ' + hook.url + ' deleted.');
        if (shown && shown.webhook_id === hook.webhook_id) { shown = null; $('log').hidden = true; }
        await loadHooks();
      }),
    ),
  );
}

async function loadHooks() {
  const list = await api('GET', '/api/v2/webhooks');
  const rows = $('hook-rows');
  rows.replaceChildren();
  if (list.items.length === 0) rows.append(emptyRow(5, 'No endpoints yet.'));
  for (const hook of list.items) rows.append(hookRow(hook));
}

function attemptsCell(d) {
  const list = el('ol', {});
  for (const a of d.attempt_log) {
    const answer = a.response_code ? 'HTTP ' + a.response_code : (a.outcome ? 'no answer' : 'running');
    list.append(el('li', {}, (a.outcome || 'running') + ', ' + answer + (a.error && !a.error.startsWith(answer) ? ': ' + a.error : '') + ' (' + fmtTime(a.started_at) + ')'));
  }
  return el('td', { 'data-label': 'Attempts' }, d.attempts + ' of ' + d.max_attempts, d.attempt_log.length ? list : null);
}

function deliveryRow(d) {
  const redo = d.status === 'failed' ? el('button', { type: 'button', 'aria-label': 'Redeliver ' + d.event + ' of ' + fmtTime(d.created_at) }, 'Redeliver') : null;
  if (redo) action(redo, 'Redelivering', async () => {
    await api('POST', '/api/v2/webhooks/deliveries/' + d.delivery_id + '/redeliver');
    say('Delivery of ' + d.event + ' queued again.');
    await showLog(shown, true);
  });
  return row(
    el('td', { 'data-label': 'Event' }, d.event + (d.test ? ' (test)' : '')),
    el('td', { 'data-label': 'Status', class: d.status === 'failed' ? 'state-error' : null }, d.status + (d.error ? ': ' + d.error : '')),
    attemptsCell(d),
    el('td', { 'data-label': 'Next retry' }, d.next_attempt_at ? timeEl(d.next_attempt_at) : '—'),
    el('td', { 'data-label': 'Created' }, timeEl(d.created_at)),
    el('td', {}, redo),
  );
}

async function showLog(hook, reset) {
  shown = hook;
  if (reset) logCursor = null;
  const q = new URLSearchParams({ webhook_id: hook.webhook_id, limit: '20' });
  if (logCursor) q.set('cursor', logCursor);
  const page = await api('GET', '/api/v2/webhooks/deliveries?' + q);
  $('log-title').textContent = 'Deliveries to ' + hook.url;
  const rows = $('log-rows');
  if (reset) rows.replaceChildren();
  for (const d of page.items) rows.append(deliveryRow(d));
  if (rows.children.length === 0) rows.append(emptyRow(6, 'No deliveries yet. Send a test event to try the endpoint.'));
  logCursor = page.next_cursor;
  $('log-more').hidden = !logCursor;
  $('log').hidden = false;
}

if (DATA.enabled) {
  $('add-hook').addEventListener('submit', async (event) => {
    event.preventDefault();
    const events = [...document.querySelectorAll('input[name=event]:checked')].map((c) => c.value);
    try {
      const hook = await api('POST', '/api/v2/webhooks', { url: $('hook-url').value.trim(), events });
      showSecret('Signing secret', hook.secret, 'Copy it now: it is shown only once.');
      $('add-hook').reset();
      say('Endpoint ' + hook.url + ' added.');
      await loadHooks();
      await showLog(hook, true);
    } catch (e) { say('Could not add the endpoint: ' + e.message); }
  });
  action($('log-more'), 'Loading older deliveries', () => showLog(shown, false));
  loadHooks().catch((e) => {
    $('hook-rows').replaceChildren(emptyRow(5, 'Could not load your endpoints: ' + e.message));
    say('Could not load your endpoints: ' + e.message);
  });
}
