// Shared by every account page's script (concatenated before it, under the page's CSP nonce).
// It talks only to this origin's JSON API with the session cookie, builds nodes with
// textContent (no HTML from data), and reports each outcome in the page's live region.
'use strict';
const $ = (id) => document.getElementById(id);
const DATA = JSON.parse(($('page-data') || { textContent: '{}' }).textContent);
const say = (text) => { $('status').textContent = text; };

/** A JSON API call; a refused one throws an Error carrying the API's code and message. */
async function api(method, path, body, headers = {}) {
  const init = { method, headers: { accept: 'application/json', ...headers } };
  if (body instanceof FormData) init.body = body;
  else if (body !== undefined) { init.headers['content-type'] = 'application/json'; init.body = JSON.stringify(body); }
  const res = await fetch(path, init);
  if (res.status === 401) { location.reload(); throw new Error('You are signed out.'); }
  if (res.status === 304) return { notModified: true, etag: res.headers.get('etag') };
  const data = res.status === 204 ? null : await res.json().catch(() => null);
  if (!res.ok) {
    const err = new Error(data && data.error ? data.error.message : 'The server answered ' + res.status + '.');
    err.code = data && data.error ? data.error.code : 'http_' + res.status;
    throw err;
  }
  if (data && typeof data === 'object') Object.defineProperty(data, 'etag', { value: res.headers.get('etag'), enumerable: false });
  return data;
}

/** An element with attributes and children (strings become text nodes). */
function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v === undefined || v === null || v === false) continue;
    if (k === 'onclick') node.addEventListener('click', v);
    else if (k in node && typeof v !== 'string') node[k] = v;
    else node.setAttribute(k, v === true ? '' : String(v));
  }
  node.append(...children.filter((c) => c !== null && c !== undefined && c !== false));
  return node;
}

const fmtTime = (iso) => (iso ? new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' }) : '—');
const timeEl = (iso) => (iso ? el('time', { datetime: iso }, fmtTime(iso)) : '—');
const row = (...cells) => el('tr', {}, ...cells.map((c) => (c instanceof Node && c.tagName === 'TD' ? c : el('td', {}, c))));
const emptyRow = (cols, text) => el('tr', {}, el('td', { colSpan: cols, class: 'empty' }, text));

/** Asks in the page's dialog; resolves true when the person confirms. */
function confirmAction(title, text, okLabel) {
  const dialog = $('confirm');
  $('confirm-title').textContent = title;
  $('confirm-text').textContent = text;
  $('confirm-ok').textContent = okLabel;
  dialog.returnValue = '';
  dialog.showModal();
  return new Promise((resolve) => dialog.addEventListener('close', () => resolve(dialog.returnValue === 'ok'), { once: true }));
}

/** Runs an action from a button: disabled while it runs, its failure said in the live region. */
function action(button, what, run) {
  button.addEventListener('click', async () => {
    button.disabled = true;
    try { await run(); } catch (e) { say(what + ' failed: ' + e.message); } finally { button.disabled = false; }
  });
}

for (const button of document.querySelectorAll('[data-copy]')) {
  button.addEventListener('click', async () => {
    const text = $(button.dataset.copy).textContent;
    try { await navigator.clipboard.writeText(text); say('Copied ' + (button.dataset.what || 'the text') + ' to the clipboard.'); }
    catch { say('Copying failed; select the text and copy it by hand.'); }
  });
}
if ($('sign-out')) {
  $('sign-out').addEventListener('click', async () => {
    try { await api('POST', '/api/v2/auth/logout'); } finally { location.assign('/account'); }
  });
}
