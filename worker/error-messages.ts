/**
 * Human messages for the error codes a job can end with. The codes are the
 * contract (clients switch on them); the messages say what happened and, where
 * possible, what to do. The set of codes is core's (core/jobs/job-error-code.ts):
 * a code without a message here fails to compile.
 */
import type { JobErrorCode } from '../core/jobs/job-error-code.ts';
const MESSAGES: Record<JobErrorCode, string> = {
  not_a_pdf: 'The file is not a PDF.',
  malformed_pdf: 'The PDF is damaged and could not be read.',
  encrypted_pdf: 'The PDF is password-protected; remove the password and upload it again.',
  no_pages: 'The PDF has no pages.',
  too_many_pages: 'The PDF has more pages than a conversion may handle.',
  engine_failure: 'The converter failed on this document.',
  conversion_timeout: 'The conversion did not finish within its time limit and was stopped.',
  conversion_crashed: 'The converter crashed on this document.',
  out_of_memory: 'The document needs more memory than a conversion may use.',
  input_missing: 'The uploaded PDF is no longer stored; create the job again.',
  fetch_interrupted: 'The service stopped while fetching the link; create the job again.',
  timeout: 'The conversion took longer than its time limit and was stopped.',
  max_attempts: 'The conversion was interrupted too many times without finishing; giving up.',
  expired: 'The Markdown was deleted when its retention period ended.',
  internal_error: 'The conversion failed repeatedly for reasons unrelated to the document; try again later.',
};

/** A message for a job's error_code, with the technical detail appended where it helps. */
export function errorMessage(code: JobErrorCode, detail?: string): string {
  const base = MESSAGES[code];
  return detail ? `${base} (${detail})` : base;
}

/** The message of a job that ran past its budget on a lane that fails rather than truncates. */
export function timeoutMessage(budgetMs: number): string {
  const minutes = budgetMs / 60_000;
  const limit = minutes >= 1 ? `${+minutes.toFixed(1)}-minute` : `${Math.ceil(budgetMs / 1000)}-second`;
  return `The conversion took longer than the ${limit} limit and was stopped.`;
}
