import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import { createLocalBlobStore, localJobFolder } from './local-blob-store.ts';

const dirs: string[] = [];
afterEach(async () => Promise.all(dirs.splice(0).map((d) => rm(d, { recursive: true, force: true }))));
const tempRoot = async () => {
  const d = await mkdtemp(join(tmpdir(), 'p2m-blobs-'));
  dirs.push(d);
  return d;
};
const body = (s: string) => Readable.from([Buffer.from(s)]);

describe('local blob store', () => {
  it('fans job folders out two levels and removes each folder with its last blob', async () => {
    const root = await tempRoot();
    const store = createLocalBlobStore(root);
    const ids = Array.from({ length: 20 }, () => crypto.randomUUID());
    for (const id of ids) {
      await store.put(`jobs/${id}/input-1.pdf`, body('%PDF-1.4'), { maxBytes: 100 });
      await store.put(`jobs/${id}/output-1.md`, body('# x'), { maxBytes: 100 });
    }
    expect((await readdir(join(root, localJobFolder(ids[0]!)))).sort()).toEqual(['input-1.pdf', 'output-1.md']);
    expect((await readdir(join(root, 'jobs'))).every((d) => /^[0-9a-f]{2}$/.test(d))).toBe(true);
    for (const id of ids) {
      await store.delete(`jobs/${id}/input-1.pdf`);
      await store.delete(`jobs/${id}/output-1.md`);
    }
    expect(await readdir(join(root, 'jobs'))).toEqual([]);
  });

  it('a refused upload leaves neither a file nor a folder', async () => {
    const root = await tempRoot();
    const store = createLocalBlobStore(root);
    const id = crypto.randomUUID();
    await expect(store.put(`jobs/${id}/input-1.pdf`, body('x'.repeat(101)), { maxBytes: 100 })).rejects.toMatchObject({ code: 'too_large' });
    expect(await readdir(join(root, 'jobs'))).toEqual([]);
  });

  it('still reads and deletes blobs stored in the flat layout before the fan-out', async () => {
    const root = await tempRoot();
    const id = crypto.randomUUID();
    await mkdir(join(root, 'jobs', id), { recursive: true });
    await writeFile(join(root, 'jobs', id, 'output-1.md'), 'old');
    const store = createLocalBlobStore(root);
    expect((await store.read(`jobs/${id}/output-1.md`))?.toString()).toBe('old');
    await store.delete(`jobs/${id}/output-1.md`);
    expect(await readdir(join(root, 'jobs'))).toEqual([]);
    expect(await store.check()).toBeNull();
  });

  it('deletePrefix removes every blob of a job (fanned out and pre-fan-out) and its folders, and nothing else', async () => {
    const root = await tempRoot();
    const store = createLocalBlobStore(root);
    const [gone, kept] = [crypto.randomUUID(), crypto.randomUUID()];
    for (const name of ['input-1.pdf', 'output-1.md', 'output-1.images', 'output-2.md']) {
      await store.put(`jobs/${gone}/${name}`, body(name), { maxBytes: 100 });
    }
    await store.put(`jobs/${kept}/input-1.pdf`, body('%PDF-1.4'), { maxBytes: 100 });
    await mkdir(join(root, 'jobs', gone), { recursive: true });
    await writeFile(join(root, 'jobs', gone, 'output-0.md'), 'old layout');
    await store.deletePrefix(`jobs/${gone}/`);
    await store.deletePrefix(`jobs/${gone}/`); // again: nothing left is no error
    expect((await readdir(join(root, 'jobs'), { recursive: true })).sort()).toEqual(
      [kept.slice(0, 2), `${kept.slice(0, 2)}/${kept.slice(2, 4)}`, `${localJobFolder(kept).slice(5)}`, `${localJobFolder(kept).slice(5)}/input-1.pdf`].sort(),
    );
    await store.deletePrefix(`jobs/${kept}/`);
    expect(await readdir(join(root, 'jobs'))).toEqual([]);
  });

  it('deletePrefix refuses a prefix that is not a folder or leaves the store', async () => {
    const store = createLocalBlobStore(await tempRoot());
    await expect(store.deletePrefix('jobs/abc')).rejects.toThrow(/must end in "\/"/);
    await expect(store.deletePrefix('../')).rejects.toThrow(/escapes the store/);
    await expect(store.deletePrefix('/')).rejects.toThrow(/escapes the store/);
  });
});
