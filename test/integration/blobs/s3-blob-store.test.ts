/**
 * The S3 blob store against a real S3 server on loopback (s3rver): every blob
 * path, and the failure modes an operator meets (bucket missing, wrong keys,
 * server down or stalled).
 */
import { Readable } from 'node:stream';
import { ListObjectsV2Command, type S3Client } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../../core/config.ts';
import { createS3BlobStore, s3ClientOf } from '../../../core/blobs/s3-blob-store.ts';
import type { S3BlobConfig } from '../../../core/blobs/blob-config.ts';
import { DomainError } from '../../../core/errors.ts';
import { startS3Server, type S3TestServer } from '../../support/s3-server.ts';

let s3: S3TestServer;
beforeAll(async () => {
  s3 = await startS3Server();
  await s3.createBucket('blobs');
});
afterAll(async () => s3[Symbol.asyncDispose]());

const configOf = (env: Record<string, string>) => loadConfig({ P2M_LOG_LEVEL: 'silent', ...env }).blobs as S3BlobConfig;
const storeOf = (env: Record<string, string> = {}) => createS3BlobStore(configOf({ ...s3.env('blobs', 'unit'), ...env }));

const keysIn = async (prefix: string) =>
  ((await s3.client.send(new ListObjectsV2Command({ Bucket: 'blobs', Prefix: prefix }))).Contents ?? []).map((o) => o.Key);

/** Chunks of `size` bytes, `count` of them; counts how many were pulled. */
function chunks(count: number, size: number) {
  const pulled = { n: 0 };
  async function* gen() {
    for (let i = 0; i < count; i++) {
      pulled.n++;
      yield Buffer.alloc(size, i % 251);
    }
  }
  return { body: gen(), pulled };
}

describe('S3 blob store', () => {
  it('parses s3://bucket/prefix and the SDK variables; path-style with an endpoint', () => {
    const c = configOf({ ...s3.env('my.bucket-1', '/a/b/') });
    expect(c).toMatchObject({ bucket: 'my.bucket-1', prefix: 'a/b/', endpoint: s3.endpoint, region: 'us-east-1' });
    expect(() => configOf({ P2M_BLOB_STORE: 'https://bucket' })).toThrow(/s3:\/\/bucket\/prefix/);
    expect(() => loadConfig({ P2M_BLOB_PRESIGN: 'true' })).toThrow(/needs an object store/);
  });

  it('streams an upload in parts, with size, hash and head, under the prefix', async () => {
    using store = disposable(storeOf({ P2M_BLOB_PART_MB: '5' }));
    const { body } = chunks(12, 1024 * 1024); // 12 MiB: three parts
    const put = await store.put('jobs/x/input.pdf', body, { maxBytes: 20 * 1024 * 1024 });
    expect(put.size).toBe(12 * 1024 * 1024);
    expect(put.head.length).toBe(1024);
    expect(await keysIn('unit/jobs/x/')).toEqual(['unit/jobs/x/input.pdf']);
    const back = await store.read('jobs/x/input.pdf');
    expect(back?.length).toBe(12 * 1024 * 1024);
    expect(back?.[5 * 1024 * 1024]).toBe(5);
  });

  it('stops reading at the cap mid-stream and leaves no object (single part and multipart)', async () => {
    using store = disposable(storeOf());
    for (const [count, cap] of [[4, 3 * 1024 * 1024], [14, 11 * 1024 * 1024]] as const) {
      const { body, pulled } = chunks(count, 1024 * 1024);
      const err = await store.put(`jobs/cap${count}/input.pdf`, body, { maxBytes: cap }).catch((e: unknown) => e);
      expect((err as DomainError).code).toBe('too_large');
      // It read one chunk past the cap, not the rest of the body.
      expect(pulled.n).toBe(cap / (1024 * 1024) + 1);
      expect(await keysIn(`unit/jobs/cap${count}/`)).toEqual([]);
    }
  });

  it('writes a result, streams it back, deletes it (a second delete is no error), and a missing blob reads as null', async () => {
    using store = disposable(storeOf());
    await store.put('jobs/r/output-1.md', Readable.from([Buffer.from('# Title\n')]), { maxBytes: 1000 });
    const stream = await store.get('jobs/r/output-1.md');
    const parts: Buffer[] = [];
    for await (const c of stream!) parts.push(Buffer.from(c as Uint8Array));
    expect(Buffer.concat(parts).toString()).toBe('# Title\n');
    await store.delete('jobs/r/output-1.md');
    await store.delete('jobs/r/output-1.md');
    expect(await store.get('jobs/r/output-1.md')).toBeNull();
    expect(await store.read('jobs/r/output-1.md')).toBeNull();
    expect(await keysIn('unit/jobs/r/')).toEqual([]);
  });

  it('deletePrefix removes every object under a job prefix in pages of P2M_BLOB_DELETE_BATCH, and nothing beside it', async () => {
    const config = configOf({ ...s3.env('blobs', 'pages'), P2M_BLOB_DELETE_BATCH: '2' });
    const client = s3ClientOf(config);
    using store = disposable(createS3BlobStore(config, client));
    const names = ['input-1.pdf', 'output-1.md', 'output-1.images', 'output-2.md', 'output-3.md'];
    for (const name of names) await store.put(`jobs/many/${name}`, Readable.from([Buffer.from(name)]), { maxBytes: 100 });
    await store.put('jobs/many-more/input-1.pdf', Readable.from([Buffer.from('x')]), { maxBytes: 100 });
    await store.put('jobs/other/input-1.pdf', Readable.from([Buffer.from('x')]), { maxBytes: 100 });
    const sent = countRequests(client);
    await store.deletePrefix('jobs/many/');
    expect(await keysIn('pages/jobs/many/')).toEqual([]);
    expect(await keysIn('pages/')).toEqual(['pages/jobs/many-more/input-1.pdf', 'pages/jobs/other/input-1.pdf']);
    // Five objects two at a time: three lists and three batch deletes.
    expect(sent).toEqual({ ListObjectsV2Command: 3, DeleteObjectsCommand: 3 });
    await store.deletePrefix('jobs/many/'); // nothing left: no error
    await expect(store.deletePrefix('jobs/other')).rejects.toThrow(/must end in "\/"/);
    using missing = disposable(createS3BlobStore(configOf(s3.env('nope'))));
    expect(((await missing.deletePrefix('jobs/x/').catch((e: unknown) => e)) as DomainError).code).toBe('storage_unavailable');
  });

  it('presigns a short-lived download URL with the name and type; null for a missing blob; nothing when presign is off', async () => {
    using store = disposable(storeOf({ P2M_BLOB_PRESIGN: 'true', P2M_BLOB_PRESIGN_SECONDS: '30' }));
    await store.put('jobs/p/output-1.md', Readable.from([Buffer.from('hello')]), { maxBytes: 1000 });
    const as = { contentType: 'text/markdown; charset=utf-8', contentDisposition: 'attachment; filename="a.md"' };
    const url = await store.downloadUrl('jobs/p/output-1.md', as);
    expect(url).toMatch(/X-Amz-Expires=30/);
    const res = await fetch(url!);
    expect(res.status).toBe(200);
    expect(await res.text()).toBe('hello');
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="a.md"');
    // SigV4 query signing (s3rver accepts any query signature, so the test checks its parts are there).
    expect(url).toMatch(/X-Amz-Credential=S3RVER%2F.*X-Amz-Signature=[0-9a-f]{64}/);
    expect(await store.downloadUrl('jobs/p/none.md', as)).toBeNull();
    using plain = disposable(storeOf());
    expect(await plain.downloadUrl('jobs/p/output-1.md', as)).toBeUndefined();
  });

  it('says which problem the startup check found: none, bucket missing, credentials refused, server unreachable', async () => {
    using ok = disposable(storeOf());
    expect(await ok.check()).toBeNull();
    using missing = disposable(createS3BlobStore(configOf(s3.env('nope'))));
    expect(await missing.check()).toMatch(/the bucket "nope" does not exist at http:\/\/127\.0\.0\.1:\d+/);
    using badKey = disposable(storeOf({ AWS_ACCESS_KEY_ID: 'WRONG', AWS_SECRET_ACCESS_KEY: 'WRONG' }));
    expect(await badKey.check()).toMatch(/refused the credentials for bucket "blobs"/);
    using down = disposable(storeOf({ AWS_ENDPOINT_URL_S3: 'http://127.0.0.1:9' }));
    expect(await down.check()).toMatch(/cannot be reached/);
    // A write to an unreachable store is storage_unavailable (503), not a bare error.
    const err = await down.put('k', Readable.from([Buffer.from('x')]), { maxBytes: 10 }).catch((e: unknown) => e);
    expect((err as DomainError).code).toBe('storage_unavailable');
  });

  it('a stalled server (SIGSTOP) fails a write within the request timeout, and works again once resumed', async () => {
    using store = disposable(storeOf({ P2M_BLOB_TIMEOUT_MS: '500' }));
    s3.pause();
    try {
      const started = performance.now();
      const err = await store.put('jobs/slow/a.md', Readable.from([Buffer.from('x')]), { maxBytes: 10 }).catch((e: unknown) => e);
      expect((err as DomainError).code).toBe('storage_unavailable');
      // Three attempts of 0.5 s plus the SDK's backoff: bounded, not hanging.
      expect(performance.now() - started).toBeLessThan(10_000);
    } finally {
      s3.resume();
    }
    // The held-back attempts at a.md land or fail as the server resumes; a new write works.
    await store.put('jobs/slow/b.md', Readable.from([Buffer.from('y')]), { maxBytes: 10 });
    expect(await keysIn('unit/jobs/slow/')).toContain('unit/jobs/slow/b.md');
    expect((await store.read('jobs/slow/b.md'))!.toString()).toBe('y');
  });

  it('a slow writer (chunks trickling in) still lands whole', async () => {
    using store = disposable(storeOf());
    async function* trickle() {
      for (let i = 0; i < 5; i++) {
        await new Promise((r) => setImmediate(r));
        yield Buffer.from(`part ${i};`);
      }
    }
    const put = await store.put('jobs/trickle/in.pdf', trickle(), { maxBytes: 1000 });
    expect(put.size).toBe(35);
    expect((await store.read('jobs/trickle/in.pdf'))!.toString()).toBe('part 0;part 1;part 2;part 3;part 4;');
  });
});

function disposable<T extends { close(): void }>(store: T): T & Disposable {
  return Object.assign(store, { [Symbol.dispose]: () => store.close() });
}

/** Counts the commands the client sends from now on, by name. */
function countRequests(client: S3Client): Record<string, number> {
  const counts: Record<string, number> = {};
  client.middlewareStack.add((next, context) => (args) => {
    counts[context.commandName!] = (counts[context.commandName!] ?? 0) + 1;
    return next(args);
  }, { step: 'initialize' });
  return counts;
}
