/**
 * The shared corpus in tests. Without it, corpus tests are skipped with a
 * message on a developer's machine (a fresh clone has no corpus beside it),
 * but fail under CI=true: a CI run without the corpus would otherwise pass
 * while running none of them.
 */
import fs from 'node:fs';
import path from 'node:path';
import { corpusRoot, DEFAULT_CORPUS } from '../../bench/corpus-root.ts';

export { corpusRoot } from '../../bench/corpus-root.ts';

/** Thrown when a corpus path is absent; its message says how to provide it. */
export class CorpusMissingError extends Error {}

const howTo = (full: string) =>
  `corpus path ${full} is missing: check out the shared corpus at ${DEFAULT_CORPUS} or set P2M_CORPUS_DIR`;

/**
 * The absolute path of `parts` inside the corpus (`corpusPath('dev', 'pdf')`).
 * Throws CorpusMissingError when it does not exist.
 */
export function corpusPath(...parts: string[]): string {
  const full = path.join(corpusRoot(), ...parts);
  if (!fs.existsSync(full)) throw new CorpusMissingError(howTo(full));
  return full;
}

/**
 * The corpus path for a test file, or undefined when the corpus is absent:
 * then the caller skips (`describe.skipIf(!dir)`) and a message says why.
 * Under CI=true a missing corpus throws instead, failing the file.
 */
export function corpusDir(...parts: string[]): string | undefined {
  try {
    return corpusPath(...parts);
  } catch (e) {
    if (!(e instanceof CorpusMissingError) || process.env.CI === 'true') throw e;
    console.warn(`Skipping corpus tests: ${e.message}.`);
    return undefined;
  }
}
