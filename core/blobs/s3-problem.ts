/**
 * What an S3 failure means for an operator and for the caller: a missing
 * bucket, refused credentials and an unreachable endpoint each get a sentence
 * that names what to fix; the store's own failures become storage_unavailable
 * (503) so a caller retries rather than sees a bare 500.
 */
import { DomainError } from '../errors.ts';

type S3Failure = { name?: string; code?: string; Code?: string; $metadata?: { httpStatusCode?: number }; message?: string };

const CREDENTIAL_ERRORS = new Set([
  'InvalidAccessKeyId', 'SignatureDoesNotMatch', 'AccessDenied', 'Forbidden', 'ExpiredToken', 'InvalidToken',
  'CredentialsProviderError', 'InvalidClientTokenId',
]);

/** The failure's kind, from the SDK's error name, the HTTP status or the socket error code. */
export function s3FailureKind(err: unknown): 'no_bucket' | 'credentials' | 'unreachable' | 'other' {
  const e = (err ?? {}) as S3Failure;
  const name = e.name ?? e.Code ?? '';
  const status = e.$metadata?.httpStatusCode;
  if (name === 'NoSuchBucket') return 'no_bucket';
  if (CREDENTIAL_ERRORS.has(name) || status === 403 || status === 401) return 'credentials';
  const code = e.code ?? (e as { cause?: { code?: string } }).cause?.code ?? '';
  if (/^(ECONNREFUSED|ECONNRESET|ENOTFOUND|EAI_AGAIN|ETIMEDOUT|EPIPE|EHOSTUNREACH)$/.test(code)) return 'unreachable';
  if (name === 'TimeoutError' || name === 'RequestTimeout' || /timeout|socket hang up/i.test(e.message ?? '')) return 'unreachable';
  return 'other';
}

/** A sentence for logs and /readyz; never contains a secret. */
export function s3Problem(err: unknown, where: { bucket: string; endpoint: string | undefined }): string {
  const at = where.endpoint ?? 'AWS S3';
  const detail = (err as S3Failure)?.name ?? (err as Error)?.message ?? String(err);
  switch (s3FailureKind(err)) {
    case 'no_bucket':
      return `the bucket "${where.bucket}" does not exist at ${at}: create it, or fix P2M_BLOB_STORE`;
    case 'credentials':
      return `${at} refused the credentials for bucket "${where.bucket}" (${detail}): check AWS_ACCESS_KEY_ID / AWS_SECRET_ACCESS_KEY and the bucket's policy`;
    case 'unreachable':
      return `the object store at ${at} cannot be reached (${detail}): check AWS_ENDPOINT_URL_S3 / AWS_ENDPOINT_URL and the network`;
    case 'other':
      return `the object store at ${at} failed for bucket "${where.bucket}": ${detail}`;
  }
}

/** A store failure as storage_unavailable (the cause keeps the detail for logs); domain errors (too_large) pass through. */
export function asStorageError(err: unknown): unknown {
  if (err instanceof DomainError) return err;
  return new DomainError('storage_unavailable', 'The file store is unavailable; try again shortly.', { cause: err });
}
