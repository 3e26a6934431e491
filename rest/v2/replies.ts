import type { Response } from 'express';
import type { z } from 'zod';
import type { JobBatch } from '../../core/jobs/create-job-batch.ts';
import { entityTagMatches, jobEntityTag } from '../../core/jobs/job-etag.ts';
import type { Job } from '../../core/jobs/job-schema.ts';
import type { Ctx } from '../../core/context.ts';
import type { getMarkdown } from '../../core/jobs/get-markdown.ts';
import { readMarkdownPart } from '../../core/jobs/read-markdown-part.ts';
import { sendJson } from '../../http/json-reply.ts';

/** 201 with Location for a new job, 200 for the earlier job an Idempotency-Key names; `created` stays internal. */
export function replyCreated(res: Response, { created, ...job }: Job & { created: boolean }): void {
  if (created) res.status(201).location(`/api/v2/jobs/${job.job_id}`);
  res.json(job);
}

/** 201 for a new batch, 200 for the earlier batch an Idempotency-Key names. */
export function replyBatch(res: Response, { created, ...batch }: z.output<typeof JobBatch>): void {
  res.status(created ? 201 : 200).json(batch);
}

/**
 * A job with its entity tag (the job's own state; core/jobs/job-etag.ts), or
 * 304 with no body when If-None-Match names it: the same rule core charged
 * the read by (a quarter of a call).
 */
export function replyJob(res: Response, job: Job): void {
  const tag = jobEntityTag(job);
  if (entityTagMatches(res.req.headers['if-none-match'], tag)) {
    res.status(304).setHeader('ETag', tag);
    res.end();
    return;
  }
  sendJson(res.status(200), job, tag);
}

/**
 * get_markdown over tRPC: the part asked for (pages, max_chars, cursor) as a
 * string, read by core under the caller's inline cap as for the MCP tool;
 * pictures are listed, and fetched with the zip download.
 */
export async function markdownInline(out: z.output<(typeof getMarkdown)['output']>, ctx: Ctx) {
  const part = await readMarkdownPart(ctx, { ...out, part: { ...out.part, include_images: false } });
  return {
    job: out.job,
    file_name: out.file_name,
    content: part.text,
    ...part.info,
    images: part.images,
    slot_usage: out.job.slot_usage,
    tier: out.job.tier,
  };
}
