/**
 * The v1 job resource: the frozen v1 fields (job_id, status, status_since)
 * plus the details the extension shows. Derived from core's Job view; v1
 * never exposes v2-only fields such as download_url or slot_usage.
 *
 * The v1 status set is frozen (queued, processing, ready, error, canceled),
 * so a job whose result passed its retention (v2 status `expired`) reads on
 * v1 as `error` with error_code `expired`: the extension stops polling and
 * shows why there is nothing to download (the download answers 410).
 */
import { z } from 'zod';
import { JobErrorCode } from './job-error-code.ts';
import { JobStatus } from './job-status.ts';
import type { Job } from './job-schema.ts';

export const V1Job = z.object({
  job_id: z.uuid(),
  status: JobStatus.exclude(['expired']).describe('The frozen v1 statuses; an expired result reads as error with error_code expired.'),
  status_since: z.string().describe('ISO 8601; a ready result is deleted at status_since + job_ttl_seconds.'),
  file_name: z.string(),
  pages: z.number().int().nullable(),
  progress: z.object({ pages_done: z.number().int(), pages_total: z.number().int().nullable() }),
  truncated: z.boolean(),
  output_size: z.number().int().nullable(),
  error_code: JobErrorCode.optional(),
  error_message: z.string().optional(),
  expires_at: z.string().optional().describe('When status is ready: when the result is deleted.'),
});
export type V1Job = z.infer<typeof V1Job>;

const EXPIRED_MESSAGE = 'The Markdown was deleted when its retention period ended.';

export function toV1Job(job: Job): V1Job {
  const expired = job.status === 'expired';
  const v: V1Job = {
    job_id: job.job_id,
    status: job.status === 'expired' ? 'error' : job.status,
    status_since: job.status_since,
    file_name: job.file_name,
    pages: job.pages,
    progress: job.progress,
    truncated: job.truncated,
    output_size: job.output_size,
  };
  if (job.error_code !== undefined) v.error_code = job.error_code;
  if (job.error_message !== undefined) v.error_message = job.error_message;
  if (job.expires_at !== undefined) v.expires_at = job.expires_at;
  if (expired) Object.assign(v, { error_code: 'expired', error_message: EXPIRED_MESSAGE });
  return v;
}
