/**
 * POST /jobs: a multipart `file` part (streamed to storage while its bytes
 * are hashed against the signature) or JSON {url}; optional Idempotency-Key.
 * 201 with the v1 job and an absolute Location.
 */
import type { Request, RequestHandler, Response } from 'express';
import { streamSource } from '../../core/blobs/blob-source.ts';
import type { Ctx } from '../../core/context.ts';
import { DomainError } from '../../core/errors.ts';
import { invoke } from '../../core/operation.ts';
import { createJobFromUpload, createJobFromUrl } from '../../core/operations.ts';
import type { Runtime } from '../../core/runtime.ts';
import { transportLimits } from '../../core/transport-limits.ts';
import { ctxOf } from '../rest-handler.ts';
import { streamedSha256Of } from '../../http/credentials/device-signature.ts';
import { openMultipartUpload } from '../../http/multipart-upload.ts';
import { publicOriginOf } from '../../http/public-origin.ts';
import { toV1Job } from '../../core/jobs/v1-job.ts';

export function createJobRoute(runtime: Runtime): RequestHandler {
  return async (req: Request, res: Response) => {
    const ctx = ctxOf(runtime, req);
    const sha256 = streamedSha256Of(res);
    const key = req.get('idempotency-key');
    const extra = key === undefined ? {} : { idempotency_key: key };
    const job =
      sha256 === null
        ? await invoke(createJobFromUrl, ctx, { url: urlOf(req.body), ...extra })
        : await fromUpload(ctx, req, sha256, extra);
    res.status(201).location(`${publicOriginOf(req, runtime.config)}/jobs/${job.job_id}`).json(toV1Job(job));
  };
}

async function fromUpload(ctx: Ctx, req: Request, sha256: string, extra: object) {
  // The cap itself is core's (the blob store stops at it); this bounds the multipart framing around it.
  const session = openMultipartUpload(req, { maxFileBytes: transportLimits(ctx.config, ctx.principal.tier).uploadBytes, expectedSha256: sha256, drain: ctx.config.refusedBodyDrain });
  try {
    const { fileName, body } = await session.upload;
    return await invoke(createJobFromUpload, ctx, { file: streamSource(body), file_name: fileName, ...extra });
  } finally {
    // After success the request is fully read and this does nothing; after a refusal it drains the rest.
    if (!req.complete) session.discard();
  }
}

function urlOf(json: unknown): unknown {
  if (typeof json === 'object' && json !== null && 'url' in json) return json.url;
  throw new DomainError('bad_input', 'Send the PDF as a multipart part named "file", or JSON {"url": "<link to a PDF>"}.');
}
