/**
 * The closed set of job statuses, once: the database CHECK constraint
 * (db/schema.ts), the API schemas (job-schema.ts), the worker's SQL and the
 * read rules all take it from here.
 */
import { z } from 'zod';

/** What each status means, for API documentation. */
export const JOB_STATUS_MEANINGS = {
  queued: 'Waiting for a worker; holds a conversion slot.',
  processing: 'Being converted (see progress); holds a conversion slot.',
  ready: 'Converted; the Markdown can be downloaded until expires_at.',
  error: 'Failed for good; error_code says why.',
  canceled: 'Canceled by its owner before it finished; its input was deleted.',
  expired: 'Was ready, but its retention ended at expires_at and the Markdown was deleted; downloads answer 410 gone.',
} as const;

export type JobStatus = keyof typeof JOB_STATUS_MEANINGS;

/** An enum's meanings as one description line: `a: meaning. b: meaning.` */
export const describeAll = (m: Record<string, string>): string =>
  Object.entries(m)
    .map(([k, v]) => `${k}: ${v}`)
    .join(' ');

export const JobStatus = z
  .enum(Object.keys(JOB_STATUS_MEANINGS) as [JobStatus, ...JobStatus[]])
  .describe(`Job status. ${describeAll(JOB_STATUS_MEANINGS)}`);

/** Statuses that hold a conversion slot. */
export const ACTIVE_STATUSES = ['queued', 'processing'] as const satisfies readonly JobStatus[];
