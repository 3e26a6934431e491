/**
 * Where the shared corpus is. Tests that read it fail loudly when it is
 * missing instead of skipping: a CI run without the corpus would otherwise
 * pass while running none of them.
 */
import fs from 'node:fs';
import path from 'node:path';

/** The repository root (this file is test/support/corpus.ts). */
const REPO_ROOT = path.resolve(import.meta.dirname, '../..');

/**
 * The corpus root: `P2M_CORPUS_DIR` when set (a checkout elsewhere), else
 * `../shared/corpus` next to the repository.
 */
export function corpusRoot(env: NodeJS.ProcessEnv = process.env): string {
  return path.resolve(REPO_ROOT, env.P2M_CORPUS_DIR ?? '../shared/corpus');
}

/** Thrown when a corpus path is absent; its message says how to provide it. */
export class CorpusMissingError extends Error {}

/**
 * The absolute path of `parts` inside the corpus (`corpusPath('dev', 'pdf')`).
 * Throws CorpusMissingError when it does not exist.
 */
export function corpusPath(...parts: string[]): string {
  const root = corpusRoot();
  const full = path.join(root, ...parts);
  if (!fs.existsSync(full)) {
    throw new CorpusMissingError(
      `corpus path ${full} is missing: check out the shared corpus at ${path.resolve(REPO_ROOT, '../shared/corpus')} or set P2M_CORPUS_DIR`,
    );
  }
  return full;
}
