import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { access, mkdir, readFile, rename, rm, rmdir } from 'node:fs/promises';
import { dirname, join, resolve, sep } from 'node:path';
import type { Readable } from 'node:stream';
import { finished } from 'node:stream/promises';
import type { BlobStore } from './blob-store.ts';
import { meterBody } from './metered-body.ts';

/**
 * A job's blobs sit in a folder of their own, two levels of fan-out below
 * `jobs/` (`jobs/ab/cd/<id>/`, from the id's first hex digits), so no folder
 * holds more than 256 entries per level however many jobs are kept; the
 * folder goes when its last blob does. Keys keep their logical form
 * (`jobs/<id>/…`); blobs written before the fan-out are still found.
 */
const JOB_KEY = /^jobs\/([0-9a-f]{2})([0-9a-f]{2})([0-9a-f-]{32})\/([^/]+)$/;
const JOB_PREFIX = /^jobs\/([0-9a-f-]{36})\/$/;

/** The folder of a job's blobs, relative to the store's root (`jobs/ab/cd/<id>`). */
export const localJobFolder = (jobId: string) => `jobs/${jobId.slice(0, 2)}/${jobId.slice(2, 4)}/${jobId}`;

/** Key → path, the pre-fan-out path, and the pruning of emptied folders. */
function localPaths(base: string) {
  const inStore = (rel: string) => {
    const p = resolve(base, rel);
    if (!p.startsWith(base + sep)) throw new Error(`blob key escapes the store: ${rel}`);
    return p;
  };
  const pathOf = (key: string) => {
    const m = JOB_KEY.exec(key);
    return inStore(m ? `${localJobFolder(`${m[1]}${m[2]}${m[3]}`)}/${m[4]}` : key);
  };
  const legacyPathOf = (key: string) => (JOB_KEY.test(key) ? inStore(key) : null);
  /** The folders a prefix names: a job's fanned-out folder and its pre-fan-out one, or the prefix as a path. */
  const foldersOf = (prefix: string) => {
    if (!prefix.endsWith('/')) throw new Error(`a blob prefix must end in "/": ${prefix}`);
    const job = JOB_PREFIX.exec(prefix)?.[1];
    return job ? [inStore(localJobFolder(job)), inStore(prefix)] : [inStore(prefix)];
  };
  /** Removes empty folders from `dir` up to (not including) the store's jobs/ folder. */
  const pruneEmpty = async (dir: string): Promise<void> => {
    const stop = join(base, 'jobs');
    for (let d = dir; d.startsWith(stop + sep); d = dirname(d)) {
      try {
        await rmdir(d);
      } catch {
        return; // not empty (or already gone): the folders above are in use too
      }
    }
  };
  return {
    pathOf,
    legacyPathOf,
    /** Removes the prefix's folders with all they hold, then the emptied folders above them. */
    async removePrefix(prefix: string): Promise<void> {
      // A write racing this loses its folder: its rename fails, and the writer drops the job as lost.
      for (const dir of foldersOf(prefix)) {
        await rm(dir, { recursive: true, force: true });
        await pruneEmpty(dirname(dir));
      }
    },
    /** The sharded path, else the pre-fan-out one when only that exists. */
    async existingPath(key: string): Promise<string> {
      const legacy = legacyPathOf(key);
      if (!legacy) return pathOf(key);
      return (await exists(pathOf(key))) || !(await exists(legacy)) ? pathOf(key) : legacy;
    },
    pruneEmpty,
  };
}

/** A BlobStore in a local directory. Writes go to a temporary file renamed into place, so a crash leaves no half blob. */
export function createLocalBlobStore(root: string): BlobStore {
  const base = resolve(root);
  const { pathOf, legacyPathOf, existingPath, pruneEmpty, removePrefix } = localPaths(base);

  async function put(key: string, body: Readable | AsyncIterable<Uint8Array>, opts: { maxBytes: number }) {
    const target = pathOf(key);
    const metered = meterBody(body, opts.maxBytes);
    const tmp = join(dirname(target), `.tmp-${randomUUID()}`);
    const out = await openTemp(tmp);
    try {
      for await (const buf of metered.chunks) {
        if (!out.write(buf)) await new Promise<void>((r) => out.once('drain', () => r()));
      }
      out.end();
      await finished(out);
      await rename(tmp, target);
    } catch (err) {
      out.destroy();
      await rm(tmp, { force: true });
      await pruneEmpty(dirname(target));
      metered.discard();
      throw err;
    }
    return metered.result();
  }

  return {
    describe: `local directory ${base}`,
    put,
    async get(key) {
      const stream = createReadStream(await existingPath(key));
      return new Promise<Readable | null>((res, rej) => {
        stream.once('open', () => res(stream));
        stream.once('error', (e: NodeJS.ErrnoException) => (e.code === 'ENOENT' ? res(null) : rej(e)));
      });
    },
    async read(key) {
      try {
        return await readFile(await existingPath(key));
      } catch (e) {
        if ((e as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw e;
      }
    },
    async delete(key) {
      for (const p of [pathOf(key), legacyPathOf(key)]) {
        if (!p) continue;
        await rm(p, { force: true });
        await pruneEmpty(dirname(p));
      }
    },
    deletePrefix: removePrefix,
    check: () => mkdir(base, { recursive: true }).then(() => access(base)).then(
      () => null,
      (e: Error) => `the blob directory ${base} is not usable: ${e.message}`,
    ),
    downloadUrl: async () => undefined,
  };
}

/** Opens the temporary file, making its folder; a concurrent prune of the same folder is retried once. */
async function openTemp(tmp: string) {
  for (let attempt = 0; ; attempt++) {
    await mkdir(dirname(tmp), { recursive: true });
    const out = createWriteStream(tmp, { mode: 0o600 });
    try {
      await new Promise<void>((res, rej) => {
        out.once('open', () => res());
        out.once('error', rej);
      });
      return out;
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'ENOENT' || attempt > 0) throw e;
    }
  }
}

const exists = (p: string) => access(p).then(() => true, () => false);
