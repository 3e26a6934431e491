/**
 * A BlobStore in an S3-compatible bucket (AWS S3, MinIO, Cloudflare R2…), so
 * that API processes and workers on several machines share one set of files.
 *
 * Uploads stream as a multipart upload (lib-storage's Upload): at most about
 * two parts (P2M_BLOB_PART_MB) are in memory, never the whole file. The byte
 * cap is enforced on the stream itself; past it the upload is aborted, so a
 * refused file leaves no object and no dangling parts. Objects are written
 * once under a fresh key and never overwritten: a result becomes visible only
 * through the fenced row update that names its key.
 */
import { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  S3Client,
  type S3ClientConfig,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import type { S3BlobConfig } from './blob-config.ts';
import type { BlobStore, DownloadAs } from './blob-store.ts';
import { meterBody } from './metered-body.ts';
import { asStorageError, s3FailureKind, s3Problem } from './s3-problem.ts';

/** The SDK client for a configuration: path-style addressing whenever an endpoint is set (MinIO, test servers). */
export function s3ClientOf(c: S3BlobConfig): S3Client {
  const cfg: S3ClientConfig = {
    region: c.region,
    maxAttempts: 3,
    // An idle socket (a stalled store) fails the request; a long but moving transfer does not.
    requestHandler: { socketTimeout: c.timeoutMs, connectionTimeout: Math.min(c.timeoutMs, 5000) },
    ...(c.endpoint ? { endpoint: c.endpoint, forcePathStyle: true } : {}),
    // A fresh object: the SDK annotates the credentials it is given, and the config is frozen.
    ...(c.credentials ? { credentials: { ...c.credentials } } : {}),
  };
  return new S3Client(cfg);
}

const isMissing = (err: unknown) => {
  const e = err as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e?.name === 'NoSuchKey' || e?.name === 'NotFound' || e?.$metadata?.httpStatusCode === 404;
};

export function createS3BlobStore(c: S3BlobConfig, client: S3Client = s3ClientOf(c)): BlobStore & { close(): void } {
  const where = { bucket: c.bucket, endpoint: c.endpoint };
  const Key = (key: string) => `${c.prefix}${key}`;
  const Bucket = c.bucket;

  async function get(key: string): Promise<Readable | null> {
    try {
      const out = await client.send(new GetObjectCommand({ Bucket, Key: Key(key) }));
      return out.Body as Readable;
    } catch (err) {
      if (isMissing(err) && s3FailureKind(err) !== 'no_bucket') return null;
      throw asStorageError(err);
    }
  }

  return {
    describe: `s3://${c.bucket}/${c.prefix}${c.endpoint ? ` at ${c.endpoint}` : ''}`,
    put: (key, body, opts) => s3Put(client, c, Key(key), body, opts.maxBytes),
    get,
    async read(key) {
      const stream = await get(key);
      if (!stream) return null;
      try {
        const parts: Buffer[] = [];
        for await (const chunk of stream) parts.push(Buffer.from(chunk as Uint8Array));
        return Buffer.concat(parts);
      } catch (err) {
        throw asStorageError(err);
      }
    },
    async delete(key) {
      try {
        await client.send(new DeleteObjectCommand({ Bucket, Key: Key(key) }));
      } catch (err) {
        if (!isMissing(err)) throw asStorageError(err);
      }
    },
    deletePrefix: (prefix) => s3DeletePrefix(client, c, prefix),
    async check() {
      try {
        await client.send(new HeadBucketCommand({ Bucket }));
        return null;
      } catch (err) {
        // HeadBucket has no body: a missing bucket is a bare 404.
        return s3Problem(isMissing(err) ? { name: 'NoSuchBucket' } : err, where);
      }
    },
    downloadUrl: (key: string, as: DownloadAs) => presignedGet(client, c, Key(key), as),
    close: () => client.destroy(),
  };
}

/** A streamed multipart upload under the cap; a refused or failed upload leaves no object. */
async function s3Put(client: S3Client, c: S3BlobConfig, Key: string, body: Readable | AsyncIterable<Uint8Array>, maxBytes: number) {
  const metered = meterBody(body, maxBytes);
  const upload = new Upload({
    client,
    params: { Bucket: c.bucket, Key, Body: Readable.from(metered.chunks), ContentType: contentTypeOf(Key) },
    partSize: c.partBytes,
    queueSize: 1,
    leavePartsOnError: false,
  });
  try {
    await upload.done();
  } catch (err) {
    metered.discard();
    if (metered.refusal()) throw metered.refusal();
    // Upload aborts its parts; a single-part PUT that failed late may still have landed.
    await client.send(new DeleteObjectCommand({ Bucket: c.bucket, Key })).catch(() => undefined);
    throw asStorageError(err);
  }
  return metered.result();
}

/**
 * Deletes every object under the prefix, a page at a time: one ListObjectsV2
 * of at most P2M_BLOB_DELETE_BATCH keys, then one DeleteObjects of that page.
 * A key the store refuses to delete fails the whole call (storage_unavailable),
 * so the caller's sweep tries again later rather than believing it done.
 */
async function s3DeletePrefix(client: S3Client, c: S3BlobConfig, prefix: string): Promise<void> {
  if (!prefix.endsWith('/')) throw new Error(`a blob prefix must end in "/": ${prefix}`);
  // Pages go on from the last key listed (StartAfter) rather than a continuation token:
  // every S3-compatible store takes it, and the keys already listed are gone anyway.
  let after: string | undefined;
  try {
    do {
      const page = await client.send(new ListObjectsV2Command({
        Bucket: c.bucket, Prefix: `${c.prefix}${prefix}`, MaxKeys: c.deleteBatch, StartAfter: after,
      }));
      const objects = (page.Contents ?? []).flatMap((o) => (o.Key ? [{ Key: o.Key }] : []));
      if (objects.length > 0) {
        const out = await client.send(new DeleteObjectsCommand({ Bucket: c.bucket, Delete: { Objects: objects, Quiet: true } }));
        const refused = (out.Errors ?? []).filter((e) => e.Code !== 'NoSuchKey');
        if (refused.length > 0) throw Object.assign(new Error(`could not delete ${refused[0]!.Key}: ${refused[0]!.Code}`), { name: refused[0]!.Code });
      }
      after = page.IsTruncated ? objects.at(-1)?.Key : undefined;
    } while (after);
  } catch (err) {
    throw asStorageError(err);
  }
}

/** A presigned GET with the download's name and type, after a HEAD so that a removed result stays a 410. */
async function presignedGet(client: S3Client, c: S3BlobConfig, Key: string, as: DownloadAs) {
  if (!c.presign) return undefined;
  try {
    await client.send(new HeadObjectCommand({ Bucket: c.bucket, Key }));
  } catch (err) {
    if (isMissing(err) && s3FailureKind(err) !== 'no_bucket') return null;
    throw asStorageError(err);
  }
  const cmd = new GetObjectCommand({
    Bucket: c.bucket,
    Key,
    ResponseContentType: as.contentType,
    ResponseContentDisposition: as.contentDisposition,
  });
  return getSignedUrl(client, cmd, { expiresIn: c.presignSeconds });
}

const contentTypeOf = (key: string) =>
  key.endsWith('.md') ? 'text/markdown; charset=utf-8' : key.endsWith('.pdf') ? 'application/pdf' : 'application/octet-stream';
