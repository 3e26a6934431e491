import { defineOperation } from '../operation.ts';
import { CreatedJob } from './create-job-from-url.ts';
import { createFromUpload, UploadInput } from './create-job-from-upload.ts';

/**
 * The account page's drop zone: a signed-in person converts a PDF from the
 * browser. POST /api/v2/jobs stays API-key only (the spec: a session actor
 * gets 403 there); this is the session's own creation, on its own path, with
 * the same handler, limits, slots and rate budget as an upload by key.
 */
export const createJobFromAccountPage = defineOperation({
  name: 'create_job_from_account_page',
  title: 'Convert a PDF uploaded from the account page',
  description:
    "Queues the conversion of a PDF a signed-in person drops on /account/jobs, for the session's account, under its tier's limits and slots (the job's owner_type is api_key, made by no key). Multipart with a `file` part.",
  scope: null,
  errors: ['slots_full', 'not_a_pdf', 'too_large', 'idempotency_mismatch', 'not_in_plan', 'bad_input'],
  actors: ['session'],
  input: UploadInput,
  output: CreatedJob,
  handler: createFromUpload,
});
