import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { buildPgliteTemplate } from './pglite-template.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The migrated PGlite data directory of this run (a tarball for `loadDataDir`). */
    pgliteTemplateFile: string;
  }
}

/** Vitest global setup of the pglite project: migrates PGlite once for the whole run. */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const dir = await mkdtemp(join(tmpdir(), 'p2m-pglite-template-'));
  const file = join(dir, 'migrated.tar');
  try {
    await buildPgliteTemplate(file);
  } catch (e) {
    await rm(dir, { recursive: true, force: true });
    throw e;
  }
  project.provide('pgliteTemplateFile', file);
  return () => rm(dir, { recursive: true, force: true });
}
