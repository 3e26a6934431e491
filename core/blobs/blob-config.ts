/**
 * Where blobs live (part of Config). Unset P2M_BLOB_STORE: a local directory
 * under P2M_DATA_DIR (one machine). `s3://bucket/prefix`: an S3-compatible
 * object store shared by every process, reached with the AWS SDK's standard
 * variables (AWS_REGION, AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY,
 * AWS_SESSION_TOKEN, AWS_ENDPOINT_URL_S3 or AWS_ENDPOINT_URL); without keys the
 * SDK's own chain (profile, instance role) supplies them.
 */
import { z } from 'zod';

const bool = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');
const int = (def: number, min: number, max: number) => z.coerce.number().int().min(min).max(max).default(def);

/** The environment variables of the blob store, merged into config.ts's Env. */
export const BLOB_ENV = {
  P2M_BLOB_STORE: z.string().optional(),
  /** Downloads answer 302 to a presigned URL of the object store instead of streaming through the service. */
  P2M_BLOB_PRESIGN: bool.default(false),
  /** Lifetime of a presigned download URL, seconds. */
  P2M_BLOB_PRESIGN_SECONDS: int(60, 1, 3600),
  /** Bound of one request to the object store (a part upload, a read's first byte), ms. */
  P2M_BLOB_TIMEOUT_MS: int(30_000, 100, 600_000),
  /** Part size of streamed uploads, MiB (S3's minimum is 5); memory per upload is about two parts. */
  P2M_BLOB_PART_MB: int(5, 5, 512),
  /** Objects listed and deleted per request when a job's prefix is removed (S3 allows at most 1000). */
  P2M_BLOB_DELETE_BATCH: int(1000, 1, 1000),
  AWS_REGION: z.string().optional(),
  AWS_DEFAULT_REGION: z.string().optional(),
  AWS_ENDPOINT_URL_S3: z.url().optional(),
  AWS_ENDPOINT_URL: z.url().optional(),
  AWS_ACCESS_KEY_ID: z.string().min(1).optional(),
  AWS_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  AWS_SESSION_TOKEN: z.string().min(1).optional(),
};

export type S3BlobConfig = Readonly<{
  kind: 's3';
  bucket: string;
  /** Key prefix, '' or ending in '/'. */
  prefix: string;
  region: string;
  /** A non-AWS endpoint (MinIO, R2, a test server); path-style addressing is used with it. */
  endpoint: string | undefined;
  credentials: Readonly<{ accessKeyId: string; secretAccessKey: string; sessionToken?: string }> | undefined;
  presign: boolean;
  presignSeconds: number;
  timeoutMs: number;
  partBytes: number;
  /** Keys per ListObjectsV2 page and DeleteObjects request. */
  deleteBatch: number;
}>;

export type BlobConfig = Readonly<{ kind: 'local' }> | S3BlobConfig;

type BlobEnv = z.infer<z.ZodObject<typeof BLOB_ENV>>;

/** Parses the blob store settings; a malformed P2M_BLOB_STORE is refused at start. */
export function blobConfigOf(e: BlobEnv): BlobConfig {
  if (!e.P2M_BLOB_STORE) {
    if (e.P2M_BLOB_PRESIGN) throw new Error('P2M_BLOB_PRESIGN=true needs an object store (P2M_BLOB_STORE=s3://bucket/prefix).');
    return Object.freeze({ kind: 'local' });
  }
  const m = /^s3:\/\/([a-z0-9][a-z0-9.-]{1,61}[a-z0-9])(?:\/(.*))?$/.exec(e.P2M_BLOB_STORE);
  if (!m) throw new Error(`P2M_BLOB_STORE must look like s3://bucket/prefix, not ${e.P2M_BLOB_STORE}`);
  const rawPrefix = (m[2] ?? '').replace(/^\/+|\/+$/g, '');
  const keys = e.AWS_ACCESS_KEY_ID && e.AWS_SECRET_ACCESS_KEY
    ? { accessKeyId: e.AWS_ACCESS_KEY_ID, secretAccessKey: e.AWS_SECRET_ACCESS_KEY, ...(e.AWS_SESSION_TOKEN ? { sessionToken: e.AWS_SESSION_TOKEN } : {}) }
    : undefined;
  return Object.freeze({
    kind: 's3',
    bucket: m[1]!,
    prefix: rawPrefix ? `${rawPrefix}/` : '',
    region: e.AWS_REGION ?? e.AWS_DEFAULT_REGION ?? 'us-east-1',
    endpoint: e.AWS_ENDPOINT_URL_S3 ?? e.AWS_ENDPOINT_URL,
    credentials: keys ? Object.freeze(keys) : undefined,
    presign: e.P2M_BLOB_PRESIGN,
    presignSeconds: e.P2M_BLOB_PRESIGN_SECONDS,
    timeoutMs: e.P2M_BLOB_TIMEOUT_MS,
    partBytes: e.P2M_BLOB_PART_MB * 1024 * 1024,
    deleteBatch: e.P2M_BLOB_DELETE_BATCH,
  });
}
