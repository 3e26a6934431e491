/**
 * A job creation request as core sees it, whatever the lane: the input
 * source and the optional fields, and the hash by which an idempotent
 * repeat is recognised as the same request.
 */
import { createHash } from 'node:crypto';
import type { JobRow } from '../../db/schema.ts';
import type { JobSource } from './store-input.ts';
import { allDefaults, type JobOptions } from './job-options.ts';

export type NewJob = {
  source: JobSource;
  fileName?: string;
  externalId?: string;
  tags?: string[];
  callbackUrl?: string;
  callbackSecret?: string;
  idempotencyKey?: string;
  /** Conversion settings (converter = auto | text | ocr). */
  settings?: { converter?: string };
  /** Conversion options (job-options.ts); absent: the defaults. */
  options?: JobOptions | undefined;
};

export type CreatedJob = { row: JobRow; created: boolean };

/** The optional fields of a creation request (wire names) as NewJob fields. */
export function newJobFields(f: {
  file_name?: string | undefined;
  external_id?: string | undefined;
  tags?: string[] | undefined;
  callback_url?: string | undefined;
  callback_secret?: string | undefined;
  idempotency_key?: string | undefined;
  options?: JobOptions | undefined;
}): Omit<NewJob, 'source'> {
  return {
    fileName: f.file_name,
    externalId: f.external_id,
    tags: f.tags,
    callbackUrl: f.callback_url,
    callbackSecret: f.callback_secret,
    idempotencyKey: f.idempotency_key,
    options: f.options,
  };
}

export function requestHash(req: Omit<NewJob, 'source'>, source: string): string {
  const base = [source, req.fileName ?? null, req.externalId ?? null, req.tags ?? null, req.callbackUrl ?? null];
  // Options that change nothing leave the hash as it was before options existed, so earlier keys still replay.
  const material = JSON.stringify(req.options && !allDefaults(req.options) ? [...base, req.options] : base);
  return createHash('sha256').update(material).digest('hex');
}
