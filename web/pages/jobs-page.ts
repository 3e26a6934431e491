/**
 * /account/jobs: the account's jobs (listed, filtered, paged, polled live by
 * the script through the jobs API), Download and Delete, and a drop zone
 * that converts a PDF through POST /api/v2/account/jobs.
 */
import { JOB_ERROR_MEANINGS } from '../../core/jobs/job-error-code.ts';
import { JobStatus } from '../../core/jobs/job-schema.ts';
import { escapeHtml } from '../../http/html/escape-html.ts';
import type { Page } from '../../http/html/html-page.ts';
import { dashboardPage } from './dashboard-shell.ts';

export type JobsPageData = {
  origin: string;
  email: string | null;
  /** Names of the account's keys by id (revoked keys are not listed). */
  keyNames: Record<string, string>;
  /** Names of the account's linked devices by id. */
  deviceNames: Record<string, string>;
  maxFileBytes: number;
};

const MB = 1024 * 1024;

export function jobsPage(d: JobsPageData): Page {
  const options = JobStatus.options.map((s) => `<option value="${s}">${s}</option>`).join('');
  const body = `<div class="dropzone" id="dropzone">
<p><strong>Convert a PDF:</strong> drop it here, or choose it below (up to ${escapeHtml((d.maxFileBytes / MB).toFixed(0))} MB on your plan).</p>
<form id="upload">
<label for="upload-file">PDF file <input type="file" id="upload-file" name="file" accept="application/pdf,.pdf" required></label>
<button type="submit">Convert</button>
</form>
</div>
<form id="filter-form">
<label for="filter">Show <select id="filter" name="status"><option value="">all jobs</option>${options}</select></label>
</form>
<div class="table-wrap">
<table id="job-table" class="stack">
<caption class="visually-hidden">Your jobs, newest first</caption>
<thead><tr><th scope="col">Name</th><th scope="col">Status</th><th scope="col">Pages</th><th scope="col">Created</th><th scope="col">Expires</th><th scope="col">Made by</th><th scope="col"><span class="visually-hidden">Actions</span></th></tr></thead>
<tbody id="job-rows"><tr><td colspan="7">Loading…</td></tr></tbody>
</table>
</div>
<p><button type="button" id="more" hidden>Show older jobs</button></p>
<p class="hint">Results are kept for your plan's retention time after they are ready; Download gives the Markdown file.</p>`;
  return dashboardPage({
    section: 'jobs',
    title: 'Jobs',
    origin: d.origin,
    email: d.email,
    body,
    script: 'jobs',
    data: { keyNames: d.keyNames, deviceNames: d.deviceNames, errorMeanings: JOB_ERROR_MEANINGS },
  });
}
