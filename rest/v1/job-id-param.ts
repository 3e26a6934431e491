import type { Request } from 'express';
import { JobId } from '../../core/jobs/job-schema.ts';
import { DomainError } from '../../core/errors.ts';

/** The :jobId path parameter; v1 answers 404 for an id that cannot exist rather than 400. */
export function jobIdParam(req: Request): string {
  const parsed = JobId.safeParse(req.params.jobId);
  if (!parsed.success) throw new DomainError('not_found', `No job ${String(req.params.jobId).slice(0, 64)}.`);
  return parsed.data;
}
