import { z } from 'zod';
import { BlobSourceSchema, bytesSource } from '../blobs/blob-source.ts';
import type { Ctx } from '../context.ts';
import { defineOperation } from '../operation.ts';
import { usageOf } from './job-access.ts';
import { JobFields } from './job-schema.ts';
import { toJobView } from './job-view.ts';
import { createJob } from './create-job.ts';
import { newJobFields } from './new-job.ts';
import { CreatedJob } from './create-job-from-url.ts';

/** The PDF as base64 text: how JSON clients (MCP, tRPC, REST JSON) send a file. */
export const Base64Pdf = z
  .base64({ message: 'content_base64 must be base64' })
  .min(1)
  .meta({ description: 'The PDF file, base64-encoded.', contentMediaType: 'application/pdf' });

/** What JSON clients (MCP, tRPC, REST JSON) send: the file as base64 in content_base64, beside the job fields. */
export const Base64UploadInput = z.object({ content_base64: Base64Pdf, ...JobFields });

/**
 * The operation's input: the file as a BlobSource supplied by a streaming
 * lane (REST or v1 multipart), or as base64 text, which becomes one here, so
 * every call of every lane, valid or not, goes through invoke(). Handlers see
 * only the BlobSource.
 */
export const UploadInput = z
  .object({
    file: BlobSourceSchema.optional().describe('The PDF, from a streaming upload.'),
    content_base64: Base64Pdf.optional(),
    ...JobFields,
  })
  .refine((v) => (v.file === undefined) !== (v.content_base64 === undefined), {
    message: 'Send the PDF once: base64 text in content_base64, or a file upload.',
    path: ['content_base64'],
  })
  .transform(({ file, content_base64, ...fields }) => ({
    ...fields,
    file: file ?? bytesSource(Buffer.from(content_base64 ?? '', 'base64')),
  }));

export const createJobFromUpload = defineOperation({
  name: 'create_job_from_upload',
  title: 'Convert an uploaded PDF',
  description: 'Queues the conversion of a PDF sent with the request (base64 in content_base64 for JSON clients).',
  scope: 'jobs:create',
  errors: ['slots_full', 'not_a_pdf', 'too_large', 'idempotency_mismatch', 'not_in_plan', 'bad_input'],
  actors: ['api_key', 'device'],
  input: UploadInput,
  output: CreatedJob,
  handler: createFromUpload,
});

/** The handler of an upload, shared with create_job_from_account_page. */
export async function createFromUpload(ctx: Ctx, { file, ...fields }: z.output<typeof UploadInput>): Promise<z.output<typeof CreatedJob>> {
  const { row, created } = await createJob(ctx, {
    source: { kind: 'upload', body: file.open(), fileName: fields.file_name },
    ...newJobFields(fields),
  });
  return { ...toJobView(row, await usageOf(ctx), ctx.principal.tier), created };
}

/** The JSON body that carries a base64 upload of maxFileBytes (the tiers' default JSON cap). */
export { base64BodyLimit } from '../tiers.ts';
