// /account/jobs: list (newest first, filter, cursor paging), live status of active jobs by
// ETag polling of GET /api/v2/jobs, Download, Delete (confirmed), and the drop zone.
const ACTIVE = new Set(['queued', 'processing']);
const POLL_MS = 3000;
let cursor = null;

function madeBy(job) {
  const by = job.created_by || {};
  if (by.api_key_id) return DATA.keyNames[by.api_key_id] ? 'Key ' + DATA.keyNames[by.api_key_id] : 'A revoked key';
  if (by.device_id) return 'Device ' + (DATA.deviceNames[by.device_id] || by.device_id.slice(0, 8) + ' (not linked now)');
  return 'This page';
}

function statusCell(job) {
  const td = el('td', { 'data-label': 'Status' });
  if (job.status === 'processing' && job.progress.pages_total) {
    const { pages_done: done, pages_total: total } = job.progress;
    td.append('processing ', el('progress', { max: total, value: done, 'aria-label': 'Pages converted of ' + job.file_name }), ' ' + done + ' of ' + total + ' pages');
  } else if (job.status === 'error') {
    const meaning = DATA.errorMeanings[job.error_code] || job.error_message || 'The conversion failed.';
    td.append(el('span', { class: 'state-error' }, 'error: ' + meaning), ' ', el('code', {}, job.error_code || ''));
  } else {
    td.append(job.status + (job.truncated ? ' (partial: the time budget ran out)' : ''));
  }
  return td;
}

function jobRow(job) {
  const actions = el('td', { class: 'actions' });
  if (job.status === 'ready') {
    actions.append(el('a', { href: job.download_url, download: job.file_name.replace(/\.pdf$/i, '') + '.md', 'aria-label': 'Download ' + job.file_name }, 'Download'), ' ');
  }
  const del = el('button', { type: 'button', 'aria-label': (ACTIVE.has(job.status) ? 'Cancel ' : 'Delete ') + job.file_name }, ACTIVE.has(job.status) ? 'Cancel' : 'Delete');
  action(del, 'Deleting the job', () => deleteJob(job));
  actions.append(del);
  const tr = row(
    el('td', { 'data-label': 'Name' }, job.file_name),
    statusCell(job),
    el('td', { 'data-label': 'Pages' }, job.pages === null ? '—' : String(job.pages)),
    el('td', { 'data-label': 'Created' }, timeEl(job.created_at)),
    el('td', { 'data-label': 'Expires' }, timeEl(job.expires_at)),
    el('td', { 'data-label': 'Made by' }, madeBy(job)),
    actions,
  );
  tr.id = 'job-' + job.job_id;
  if (ACTIVE.has(job.status)) tr.setAttribute('data-active', '');
  return tr;
}

// One conditional request per tick however many jobs are active: the displayed range of the
// list again, with If-None-Match, so an unchanged list is a 304 and costs no rendering.
let listTag = null;
let ticking = null;
const shownActive = () => [...$('job-rows').querySelectorAll('tr[data-active]')].length > 0;

function schedule() {
  clearTimeout(ticking);
  ticking = shownActive() ? setTimeout(tick, POLL_MS) : null;
}

async function tick() {
  const q = new URLSearchParams({ limit: String(Math.min(100, $('job-rows').children.length)) });
  if ($('filter').value) q.set('status', $('filter').value);
  try {
    const page = await api('GET', '/api/v2/jobs?' + q, undefined, listTag ? { 'if-none-match': listTag } : {});
    if (!page.notModified) {
      listTag = page.etag;
      for (const job of page.items) {
        const old = $('job-' + job.job_id);
        if (!old) continue;
        if (old.hasAttribute('data-active') && !ACTIVE.has(job.status)) say(job.file_name + ' is ' + job.status + '.');
        old.replaceWith(jobRow(job));
      }
    }
  } catch (e) { if (e.code === 'rate_limited') { ticking = setTimeout(tick, POLL_MS * 5); return; } }
  schedule();
}

async function load(reset) {
  if (reset) { cursor = null; listTag = null; }
  const q = new URLSearchParams({ limit: '20' });
  if ($('filter').value) q.set('status', $('filter').value);
  if (cursor) q.set('cursor', cursor);
  const page = await api('GET', '/api/v2/jobs?' + q);
  const rows = $('job-rows');
  if (reset) rows.replaceChildren();
  for (const job of page.items) rows.append(jobRow(job));
  if (rows.children.length === 0) rows.append(emptyRow(7, $('filter').value ? 'No ' + $('filter').value + ' jobs.' : 'No jobs yet. Drop a PDF above, or create one with an API key.'));
  cursor = page.next_cursor;
  $('more').hidden = !cursor;
  schedule();
}

async function deleteJob(job) {
  const active = ACTIVE.has(job.status);
  const ok = await confirmAction(active ? 'Cancel this job?' : 'Delete this job?',
    (active ? 'The conversion of ' : 'The result of ') + job.file_name + (active ? ' stops and its slot is freed.' : ' is deleted for good.'),
    active ? 'Cancel job' : 'Delete job');
  if (!ok) return;
  await api('DELETE', '/api/v2/jobs/' + job.job_id);
  say(job.file_name + (active ? ' canceled.' : ' deleted.'));
  await load(true);
}

async function upload(file) {
  if (!file) return;
  const form = new FormData();
  form.append('file_name', file.name);
  form.append('file', file, file.name);
  say('Uploading ' + file.name + '…');
  try {
    const job = await api('POST', '/api/v2/account/jobs', form);
    say(job.file_name + ' is ' + job.status + '.');
    $('upload').reset();
    $('filter').value = '';
    await load(true);
  } catch (e) { say('Could not convert ' + file.name + ': ' + e.message); }
}

$('upload').addEventListener('submit', (e) => { e.preventDefault(); upload($('upload-file').files[0]); });
const zone = $('dropzone');
zone.addEventListener('dragover', (e) => { e.preventDefault(); zone.classList.add('over'); });
zone.addEventListener('dragleave', () => zone.classList.remove('over'));
zone.addEventListener('drop', (e) => { e.preventDefault(); zone.classList.remove('over'); upload(e.dataTransfer.files[0]); });
$('filter').addEventListener('change', () => load(true).catch((e) => say('Could not load your jobs: ' + e.message)));
action($('more'), 'Loading older jobs', () => load(false));
load(true).catch((e) => {
  $('job-rows').replaceChildren(emptyRow(7, 'Could not load your jobs: ' + e.message));
  say('Could not load your jobs: ' + e.message);
});
