import { z } from 'zod';
import type { JobRow } from '../../db/schema.ts';
import { downloadPath } from './download-path.ts';
import { deepFreeze } from '../deep-freeze.ts';
import { JobErrorCode } from './job-error-code.ts';
import { storedOptions } from './job-options.ts';
import { HiddenTextReport, JobStatus, OcrPages, type Job } from './job-schema.ts';
import type { SlotUsageValue } from './slots.ts';

/** What the engine reported of a converted job, kept in its settings (worker/sql/complete-job.ts). */
const EngineReport = z.object({
  hidden_text: HiddenTextReport.nullish(),
  structure: z.enum(['tags', 'layout']).nullish(),
});

/**
 * The v2 view of a job row, with its owner's quota context: slot usage and the
 * tier, the caller's live one when given (so every answer shows a plan change
 * at once), else the tier the job was created under.
 */
export function toJobView(row: JobRow, usage: SlotUsageValue, tier: string = row.tier): Job {
  // Rows come through JOB_READ_COLUMNS: a ready row past its retention already says expired.
  const status = JobStatus.parse(row.status);
  const view: Job = {
    job_id: row.id,
    status,
    status_since: row.statusSince.toISOString(),
    created_at: row.createdAt.toISOString(),
    owner_type: row.ownerType as Job['owner_type'],
    file_name: row.fileName,
    source_url: row.sourceUrl,
    pages: row.pages,
    progress: { pages_done: row.pagesDone, pages_total: row.pages },
    output_size: row.outputSize,
    truncated: row.truncated,
    external_id: row.externalId,
    tags: (row.tags as string[] | null) ?? null,
    created_by: { api_key_id: row.apiKeyId, device_id: row.deviceId },
    options: storedOptions(row.settings),
    slot_usage: usage,
    tier,
  };
  if (row.status === 'error') {
    // The database guarantees a code on every failed job (jobs_error_has_code); the fallback is for types only.
    view.error_code = row.errorCode === null ? 'internal_error' : JobErrorCode.parse(row.errorCode);
    view.error_message = row.errorMessage ?? 'The conversion failed.';
  }
  if ((status === 'ready' || status === 'expired') && row.readyAt !== null) {
    view.expires_at = new Date(row.readyAt.getTime() + row.retentionSeconds * 1000).toISOString();
  }
  if (status === 'ready') view.download_url = downloadPath(row.id);
  const ocrPages = OcrPages.safeParse((row.settings as { ocr_pages?: unknown } | null)?.ocr_pages);
  if (ocrPages.success) view.ocr_pages = ocrPages.data;
  const reported = EngineReport.safeParse(row.settings ?? {});
  if (reported.success) {
    if (reported.data.hidden_text) view.hidden_text = reported.data.hidden_text;
    if (reported.data.structure) view.structure = reported.data.structure;
  }
  return view;
}

// Views of rows kept by the job read cache (frozen rows), by row: polls of an unchanged job share one.
const views = new WeakMap<JobRow, Job>();

/**
 * toJobView for a row that stays the same object while it is unchanged (the
 * polling cache's frozen rows): its deeply frozen view is built once per row
 * and slot usage, so invoke() validates it once (see operation.ts). Other
 * rows get a fresh view.
 */
export function frozenJobView(row: JobRow, usage: SlotUsageValue, tier: string = row.tier): Job {
  if (!Object.isFrozen(row)) return toJobView(row, usage, tier);
  const kept = views.get(row);
  const u = kept?.slot_usage;
  if (kept && kept.tier === tier && u!.used === usage.used && u!.limit === usage.limit && u!.free === usage.free) return kept;
  const view = deepFreeze(toJobView(row, usage, tier));
  views.set(row, view);
  return view;
}

/** A file name for the Markdown: the input's base name with .md. */
export function markdownFileName(row: Pick<JobRow, 'fileName'>): string {
  const base = row.fileName.replace(/\.pdf$/i, '').replace(/[^\p{L}\p{N}._ -]+/gu, '_').slice(0, 200);
  return `${base || 'document'}.md`;
}
