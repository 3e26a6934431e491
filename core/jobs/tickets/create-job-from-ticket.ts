import { z } from 'zod';
import { BlobSourceSchema } from '../../blobs/blob-source.ts';
import { DomainError } from '../../errors.ts';
import { defineOperation } from '../../operation.ts';
import { findJob, usageOf } from '../job-access.ts';
import { JobFields } from '../job-schema.ts';
import { toJobView } from '../job-view.ts';
import { createJob } from '../create-job.ts';
import { CreatedJob } from '../create-job-from-url.ts';
import { claimUploadTicket, recordTicketJob, ticketJobId } from './claim-upload-ticket.ts';
import { assertSameUpload } from './ticket-repeat.ts';

const USED = 'The upload ticket was already used; ask for a new one.';

/**
 * The upload of a ticket (POST /api/v2/jobs/upload). The ticket is claimed
 * before the file is read and stays used whatever the outcome (single use):
 * a refused upload (409, 413, 400) needs a new ticket. A repeat of an upload
 * that created its job answers with that job (created false) when it is the
 * same file and fields, and 409 ticket_used when it is not (ticket-repeat.ts).
 */
export const createJobFromTicket = defineOperation({
  name: 'create_job_from_ticket',
  title: 'Upload a PDF with an upload ticket',
  description:
    "Queues the conversion of the uploaded PDF for the linked device that minted the ticket, on its account's slots and tier (owner_type account_device), up to the ticket's byte cap.",
  scope: null,
  errors: ['unauthenticated', 'slots_full', 'not_a_pdf', 'too_large'],
  actors: ['upload_ticket'],
  input: z.object({
    file: BlobSourceSchema.describe('The PDF, from a streaming upload.'),
    file_name: JobFields.file_name,
    external_id: JobFields.external_id,
    tags: JobFields.tags,
  }),
  output: CreatedJob,
  async handler(ctx, { file, file_name, external_id, tags }) {
    const p = ctx.principal;
    if (p.kind !== 'upload_ticket') throw new DomainError('forbidden', 'An upload ticket is required.');
    const fields = { fileName: file_name, externalId: external_id, tags };
    if (!(await claimUploadTicket(ctx.db, p.ticketId))) {
      const earlier = await ticketJobId(ctx.db, p.ticketId);
      const row = earlier === null ? null : await findJob(ctx, earlier);
      if (!row || row.deletedAt) throw new DomainError('unauthenticated', USED);
      await assertSameUpload(row, file, fields, p.maxBytes);
      return { ...toJobView(row, await usageOf(ctx)), created: false };
    }
    const { row } = await createJob(ctx, {
      source: { kind: 'upload', body: file.open(), ...(file_name === undefined ? {} : { fileName: file_name }) },
      ...fields,
    });
    await recordTicketJob(ctx.db, p.ticketId, row.id);
    return { ...toJobView(row, await usageOf(ctx)), created: true };
  },
});
