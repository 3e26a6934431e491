import { describe, expect, it } from 'vitest';
import { createWorker } from '../../../worker/worker.ts';
import { makePdf } from '../../support/pdf.ts';
import { fileEnv } from '../../support/test-env.ts';
import { startMcp } from './mcp-harness.ts';

describe('get_markdown inline cap', () => {
  it('refuses Markdown over P2M_INLINE_MARKDOWN_BYTES with too_large, pointing to the REST download', async () => {
    await using env = await fileEnv({ P2M_INLINE_MARKDOWN_BYTES: '1024' });
    await using mcp = await startMcp(env);
    const alice = await env.user();
    const lines = Array.from({ length: 40 }, (_, i) => `Line ${i + 1} of a document long enough to pass one kilobyte.`);
    const created = await mcp.call(alice.key, 'pdf_to_markdown_create_job_from_upload', {
      content_base64: (await makePdf([lines])).toString('base64'),
    });
    const jobId = (created.result!.structuredContent as { job_id: string }).job_id;
    expect(await createWorker(env.runtime, { concurrency: 1, pools: ['free'] }).runOnce()).toBe(1);
    const reply = await mcp.call(alice.key, 'pdf_to_markdown_get_markdown', { job_id: jobId });
    expect(reply.error).toMatchObject({ data: { code: 'too_large', status: 413 } });
    expect(reply.error?.message).toContain(`/api/v2/jobs/${jobId}/download`);
  });
});
