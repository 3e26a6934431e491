import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { streamSource } from '../../../core/blobs/blob-source.ts';
import { invoke } from '../../../core/operation.ts';
import { createJobFromUpload, getJob, listJobs } from '../../../core/operations.ts';
import { makePdf } from '../../support/pdf.ts';
import { fileEnv } from '../../support/test-env.ts';

const upload = async (extra: Record<string, unknown> = {}) => ({
  content_base64: (await makePdf()).toString('base64'),
  file_name: 'hello.pdf',
  ...extra,
});

describe('create_job_from_upload', () => {
  it('queues a job the owner can read and list', async () => {
    await using env = await fileEnv();
    const alice = await env.user();
    const job = await invoke(createJobFromUpload, env.ctx(alice.principal), await upload());
    expect(job).toMatchObject({ status: 'queued', owner_type: 'api_key', file_name: 'hello.pdf', created: true });
    expect(job.slot_usage).toEqual({ used: 1, limit: 3, free: 2 });
    const got = await invoke(getJob, env.ctx(alice.principal), { job_id: job.job_id });
    expect(got.job_id).toBe(job.job_id);
    const list = await invoke(listJobs, env.ctx(alice.principal), {});
    expect(list.items.map((j) => j.job_id)).toEqual([job.job_id]);
  });

  it('streams a file body and refuses bytes that are not a PDF', async () => {
    await using env = await fileEnv();
    const alice = await env.user();
    const stream = Readable.from([Buffer.from('GIF89a not a pdf at all')]);
    await expect(invoke(createJobFromUpload, env.ctx(alice.principal), { file: streamSource(stream) })).rejects.toMatchObject({
      code: 'not_a_pdf',
    });
  });
});
