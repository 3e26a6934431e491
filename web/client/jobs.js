// /account/jobs: list (newest first, filter, cursor paging), live status of active jobs by
// ETag polling of GET /api/v2/jobs/{id}, Download, Delete (confirmed), and the drop zone.
const ACTIVE = new Set(['queued', 'processing']);
const POLL_MS = 2000;
const polls = new Map();
let cursor = null;

function madeBy(job) {
  const by = job.created_by || {};
  if (by.api_key_id) return DATA.keyNames[by.api_key_id] ? 'Key ' + DATA.keyNames[by.api_key_id] : 'A revoked key';
  if (by.device_id) return 'Device ' + by.device_id.slice(0, 8);
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
  return tr;
}

function watch(job, etag) {
  if (!ACTIVE.has(job.status) || polls.has(job.job_id)) return;
  let tag = etag;
  const tick = async () => {
    try {
      const next = await api('GET', '/api/v2/jobs/' + job.job_id, undefined, tag ? { 'if-none-match': tag } : {});
      if (!next.notModified) {
        tag = next.etag;
        const old = $('job-' + job.job_id);
        if (old) old.replaceWith(jobRow(next));
        if (!ACTIVE.has(next.status)) { polls.delete(job.job_id); say(next.file_name + ' is ' + next.status + '.'); return; }
      }
    } catch (e) { if (e.code === 'not_found') { polls.delete(job.job_id); return; } }
    polls.set(job.job_id, setTimeout(tick, POLL_MS));
  };
  polls.set(job.job_id, setTimeout(tick, POLL_MS));
}

async function load(reset) {
  if (reset) { cursor = null; for (const t of polls.values()) clearTimeout(t); polls.clear(); }
  const q = new URLSearchParams({ limit: '20' });
  if ($('filter').value) q.set('status', $('filter').value);
  if (cursor) q.set('cursor', cursor);
  const page = await api('GET', '/api/v2/jobs?' + q);
  const rows = $('job-rows');
  if (reset) rows.replaceChildren();
  for (const job of page.items) { rows.append(jobRow(job)); watch(job); }
  if (rows.children.length === 0) rows.append(emptyRow(7, $('filter').value ? 'No ' + $('filter').value + ' jobs.' : 'No jobs yet. Drop a PDF above, or create one with an API key.'));
  cursor = page.next_cursor;
  $('more').hidden = !cursor;
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
