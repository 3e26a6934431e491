/**
 * A second upload on a ticket that already created its job. The same request
 * again (a client retrying after a lost answer) gets that job (200, created
 * false); another file, or other fields, is refused with 409 ticket_used
 * rather than answered with the old job while the new file is dropped
 * unsaid. The repeat's file is read (under the ticket's byte cap) only to be
 * hashed, never stored.
 */
import { createHash } from 'node:crypto';
import type { JobRow } from '../../../db/schema.ts';
import type { BlobSource } from '../../blobs/blob-source.ts';
import { DomainError } from '../../errors.ts';
import { requestHash, type NewJob } from '../new-job.ts';

/** SHA-256 (hex) of an upload, read under `maxBytes` (413 too_large past it), as the blob store hashes it. */
export async function hashUpload(file: BlobSource, maxBytes: number): Promise<string> {
  const hash = createHash('sha256');
  let size = 0;
  for await (const chunk of file.open()) {
    size += chunk.byteLength;
    if (size > maxBytes) throw new DomainError('too_large', `The file is larger than the limit of ${maxBytes} bytes.`);
    hash.update(chunk);
  }
  return hash.digest('hex');
}

/** Throws ticket_used unless the repeat carries the same file and fields as the upload that made `earlier`. */
export async function assertSameUpload(earlier: JobRow, file: BlobSource, fields: Omit<NewJob, 'source'>, maxBytes: number): Promise<void> {
  const sha = await hashUpload(file, maxBytes);
  if (requestHash(fields, sha) !== earlier.requestHash) {
    throw new DomainError(
      'ticket_used',
      'This upload ticket already created a job from a different file (or other fields); that file was not stored. Ask for a new ticket for each file.',
    );
  }
}
