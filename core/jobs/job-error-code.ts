/**
 * The closed set of codes a failed job carries in error_code, once: the
 * database CHECK constraint (db/schema.ts), the API schemas (job-schema.ts,
 * v1-job.ts, documented with these meanings) and the worker's messages
 * (worker/error-messages.ts, a Record over this set) all take it from here.
 * A new failure needs a new code here first.
 */
import { z } from 'zod';
import { describeAll } from './job-status.ts';

export const JOB_ERROR_MEANINGS = {
  not_a_pdf: 'The file is not a PDF.',
  malformed_pdf: 'The PDF is damaged and could not be read.',
  encrypted_pdf: 'The PDF is password-protected.',
  no_pages: 'The PDF has no pages.',
  too_many_pages: 'The PDF has more pages than a conversion may handle.',
  engine_failure: 'The converter failed on this document.',
  timeout: 'The conversion ran past its time budget on a lane that fails rather than truncates (v1).',
  conversion_timeout: 'The conversion process did not finish within its time limit and was stopped.',
  conversion_crashed: 'The conversion process ended without answering.',
  out_of_memory: 'The document needs more memory than a conversion may use.',
  input_missing: 'The uploaded PDF is no longer stored.',
  internal_error: 'The conversion failed repeatedly for reasons unrelated to the document.',
  max_attempts: 'The conversion was interrupted (its worker stopped or lost contact) on every attempt.',
  fetch_interrupted: 'The service stopped while fetching the link.',
  expired: 'v1 lane only: the result passed its retention and was deleted (v2 reports status expired).',
} as const;

export type JobErrorCode = keyof typeof JOB_ERROR_MEANINGS;

export const JobErrorCode = z
  .enum(Object.keys(JOB_ERROR_MEANINGS) as [JobErrorCode, ...JobErrorCode[]])
  .describe(`Why a job failed (present when status is error). ${describeAll(JOB_ERROR_MEANINGS)}`);

/** A code from a less trusted place (a child process's message) as a member of the set; unknown ones are engine failures. */
export function toJobErrorCode(code: string): JobErrorCode {
  const parsed = JobErrorCode.safeParse(code);
  return parsed.success ? parsed.data : 'engine_failure';
}
