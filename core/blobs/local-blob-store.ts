import { createHash, randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, readFile, rename, rm } from 'node:fs/promises';
import { dirname, join, resolve, sep } from 'node:path';
import type { Readable } from 'node:stream';
import { finished } from 'node:stream/promises';
import { DomainError } from '../errors.ts';
import type { BlobStore, PutResult } from './blob-store.ts';

const HEAD_BYTES = 1024;

/** A BlobStore in a local directory. Writes go to a temporary file renamed into place, so a crash leaves no half blob. */
export function createLocalBlobStore(root: string): BlobStore {
  const base = resolve(root);
  const pathOf = (key: string) => {
    const p = resolve(base, key);
    if (!p.startsWith(base + sep)) throw new Error(`blob key escapes the store: ${key}`);
    return p;
  };

  async function put(key: string, body: Readable | AsyncIterable<Uint8Array>, opts: { maxBytes: number }) {
    const target = pathOf(key);
    await mkdir(dirname(target), { recursive: true });
    const tmp = join(dirname(target), `.tmp-${randomUUID()}`);
    const out = createWriteStream(tmp, { mode: 0o600 });
    const hash = createHash('sha256');
    const head: Buffer[] = [];
    let size = 0;
    try {
      for await (const chunk of body) {
        const buf = Buffer.from(chunk);
        size += buf.length;
        if (size > opts.maxBytes) {
          throw new DomainError('too_large', `The file is larger than the limit of ${opts.maxBytes} bytes.`);
        }
        if (size - buf.length < HEAD_BYTES) head.push(buf.subarray(0, HEAD_BYTES));
        hash.update(buf);
        if (!out.write(buf)) await new Promise<void>((r) => out.once('drain', () => r()));
      }
      out.end();
      await finished(out);
      await rename(tmp, target);
    } catch (err) {
      out.destroy();
      await rm(tmp, { force: true });
      if ('destroy' in body && typeof body.destroy === 'function') body.destroy();
      throw err;
    }
    return { size, sha256: hash.digest('hex'), head: Buffer.concat(head).subarray(0, HEAD_BYTES) } satisfies PutResult;
  }

  return {
    put,
    async get(key) {
      const p = pathOf(key);
      const stream = createReadStream(p);
      return new Promise<Readable | null>((res, rej) => {
        stream.once('open', () => res(stream));
        stream.once('error', (e: NodeJS.ErrnoException) => (e.code === 'ENOENT' ? res(null) : rej(e)));
      });
    },
    async read(key) {
      try {
        return await readFile(pathOf(key));
      } catch (e) {
        if ((e as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw e;
      }
    },
    async delete(key) {
      await rm(pathOf(key), { force: true });
    },
  };
}
