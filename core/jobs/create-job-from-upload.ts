import { Readable } from 'node:stream';
import { z } from 'zod';
import { defineOperation } from '../operation.ts';
import { usageOf } from './job-access.ts';
import { JobFields } from './job-schema.ts';
import { toJobView } from './job-view.ts';
import { createJob, newJobFields } from './create-job.ts';
import { CreatedJob } from './create-job-from-url.ts';

const isStream = (v: unknown): v is Readable | AsyncIterable<Uint8Array> =>
  v instanceof Readable || (typeof v === 'object' && v !== null && Symbol.asyncIterator in v);

/**
 * The file arrives either as a stream (multipart uploads, streamed to storage
 * under the byte cap) or as base64 text (MCP tools, JSON clients).
 */
export const UploadContent = z.union([
  z.custom<Readable | AsyncIterable<Uint8Array>>(isStream, { message: 'expected a file stream' }),
  z.base64({ message: 'content_base64 must be base64' }).min(1),
]);

export const createJobFromUpload = defineOperation({
  name: 'create_job_from_upload',
  title: 'Convert an uploaded PDF',
  description: 'Queues the conversion of a PDF sent with the request (base64 in content_base64 for JSON clients).',
  scope: 'jobs:create',
  actors: ['api_key', 'device'],
  input: z.object({
    content_base64: UploadContent.describe('The PDF file, base64-encoded.'),
    ...JobFields,
  }),
  output: CreatedJob,
  async handler(ctx, { content_base64, ...fields }) {
    const body = typeof content_base64 === 'string' ? Readable.from([Buffer.from(content_base64, 'base64')]) : content_base64;
    const { row, created } = await createJob(ctx, {
      source: { kind: 'upload', body, fileName: fields.file_name },
      ...newJobFields(fields),
    });
    return { ...toJobView(row, await usageOf(ctx)), created };
  },
});
