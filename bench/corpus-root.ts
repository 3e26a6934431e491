/**
 * Where the shared benchmark corpus is, for the bench and the tests alike:
 * `P2M_CORPUS_DIR` when set (relative to the repository root), else
 * `../shared/corpus` next to the repository.
 */
import path from 'node:path';

/** The repository root (this file is bench/corpus-root.ts). */
export const REPO_ROOT = path.resolve(import.meta.dirname, '..');

/** The default corpus location, next to the repository. */
export const DEFAULT_CORPUS = path.resolve(REPO_ROOT, '../shared/corpus');

/** The corpus root for this environment. */
export function corpusRoot(env: NodeJS.ProcessEnv = process.env): string {
  return path.resolve(REPO_ROOT, env.P2M_CORPUS_DIR ?? DEFAULT_CORPUS);
}
