/**
 * PGlite for integration tests: the pglite project's global setup starts PGlite
 * once, migrates it and writes its data directory to a tarball; each test file
 * loads that tarball into a new instance instead of running initdb and the
 * migrations itself. A new PGlite runs initdb (a second WASM program) before it
 * answers: several seconds per file, where loading a migrated data directory
 * costs under one.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { PGlite } from '@electric-sql/pglite';
import { inject } from 'vitest';
import { openDatabase } from '../../db/database.ts';

/** Migrates a new in-memory PGlite and writes its data directory (an uncompressed tarball) to `file`. */
export async function buildPgliteTemplate(file: string): Promise<void> {
  const client = new PGlite();
  const database = await openDatabase({ kind: 'pglite-instance', client }); // migrates
  try {
    // Uncompressed: it loads faster than the gzipped one, and stays on the local disk.
    const dump = await client.dumpDataDir('none');
    await writeFile(file, new Uint8Array(await dump.arrayBuffer()));
  } finally {
    await database.close();
  }
}

let template: Promise<Blob> | null = null;
let migrated: Promise<PGlite> | null = null;

/**
 * A new in-memory PGlite holding the migrated schema: loaded from the run's
 * tarball, or (a file run outside the pglite project) cloned from one this
 * file migrated itself.
 */
export async function newMigratedPglite(): Promise<PGlite> {
  const file = inject('pgliteTemplateFile');
  if (file) {
    template ??= readFile(file).then((bytes) => new Blob([bytes]));
    return new PGlite({ loadDataDir: await template });
  }
  migrated ??= (async () => {
    const client = new PGlite();
    await openDatabase({ kind: 'pglite-instance', client }); // kept open as this file's template
    return client;
  })();
  return (await (await migrated).clone()) as PGlite;
}
