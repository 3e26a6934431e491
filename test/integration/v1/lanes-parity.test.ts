/**
 * One set of rules for both lanes: a v1 job is the same job to core's
 * get_job / delete_job / get_markdown (what v2, MCP and tRPC call), with the
 * same slots, ownership and retention answers.
 */
import { describe, expect, it } from 'vitest';
import { invoke } from '../../../core/operation.ts';
import { createJobFromUpload, deleteJob, getJob, getMarkdown } from '../../../core/operations.ts';
import { makePdf } from '../../support/pdf.ts';
import { pdfBytes } from './support/pdf-bytes.ts';
import { startV1 } from './support/v1-server.ts';

describe('v1 and the shared operations', () => {
  it('see the same job, status and slots', async () => {
    await using v1 = await startV1();
    const { client, principal } = await v1.device();
    const ctx = v1.env.ctx(principal);
    const viaV1 = await client.createJobFromFile(await pdfBytes(), 'a.pdf');
    const viaCore = await invoke(getJob, ctx, { job_id: viaV1.job_id });
    expect(viaCore).toMatchObject({ job_id: viaV1.job_id, status: viaV1.status, owner_type: 'device', tier: 'anonymous' });
    expect(viaCore.slot_usage).toEqual({ used: 1, limit: 3, free: 2 });
    // A third slot taken through the shared operation counts against the v1 lane too.
    await client.createJobFromFile(await pdfBytes(), 'b.pdf');
    await invoke(createJobFromUpload, ctx, { content_base64: (await makePdf()).toString('base64') });
    await expect(client.createJobFromFile(await pdfBytes(), 'c.pdf')).rejects.toMatchObject({ status: 409, code: 'slots_full' });
  });

  it('a job deleted through delete_job is 404 to v1 GET and 410 to v1 download, and vice versa', async () => {
    await using v1 = await startV1();
    const { client, principal } = await v1.device();
    const ctx = v1.env.ctx(principal);
    const a = await client.createJobFromFile(await pdfBytes(), 'a.pdf');
    const b = await client.createJobFromFile(await pdfBytes(), 'b.pdf');
    await v1.drain();
    expect(await invoke(deleteJob, ctx, { job_id: a.job_id })).toMatchObject({ deleted: true });
    await expect(client.getJob(a.job_id)).rejects.toMatchObject({ status: 404 });
    await expect(client.download(a.job_id)).rejects.toMatchObject({ status: 410 });
    expect(await client.deleteJob(b.job_id)).toMatchObject({ status: 'deleted' });
    await expect(invoke(getJob, ctx, { job_id: b.job_id })).rejects.toMatchObject({ code: 'not_found' });
    await expect(invoke(getMarkdown, ctx, { job_id: b.job_id })).rejects.toMatchObject({ code: 'gone' });
  });

  it('another device is not the owner in either lane', async () => {
    await using v1 = await startV1();
    const alice = await v1.device();
    const bob = await v1.device();
    const job = await alice.client.createJobFromFile(await pdfBytes(), 'a.pdf');
    const asBob = v1.env.ctx(bob.principal);
    const input = { job_id: job.job_id };
    await expect(invoke(getJob, asBob, input)).rejects.toMatchObject({ code: 'not_found' });
    await expect(invoke(getMarkdown, asBob, input)).rejects.toMatchObject({ code: 'not_found' });
    await expect(invoke(deleteJob, asBob, input)).rejects.toMatchObject({ code: 'not_found' });
  });
});
