/**
 * Node's module compile cache for p2m's processes: V8's compiled code for the
 * TypeScript modules is kept on disk, so a process that loads them again
 * skips most of the parsing and compiling (the engine loads in about a third
 * of the CPU time). One directory for the CLI and its conversion children.
 */
import module from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** The cache directory: NODE_COMPILE_CACHE if set, else p2m-compile-cache in the OS temp dir. */
export function compileCacheDir(env: NodeJS.ProcessEnv = process.env): string {
  return env.NODE_COMPILE_CACHE || join(tmpdir(), 'p2m-compile-cache');
}

/**
 * Turns the cache on for the modules this process loads from now on. It only
 * saves time: a directory that cannot be written (or NODE_DISABLE_COMPILE_CACHE)
 * leaves it off, and nothing fails.
 */
export function startCompileCache(): void {
  try {
    module.enableCompileCache(compileCacheDir());
  } catch {
    // Off: the modules are compiled as without a cache.
  }
}

/**
 * Writes what this process has compiled so far to the cache. Node writes it
 * only at a clean exit, and a child is ended with SIGKILL: without this, the
 * children of `p2m convert` never filled their cache (their V8 flags give
 * them a folder of their own) and compiled the engine from source at every
 * start. Call it once the modules are loaded, including those a first file
 * loads on demand. Only saves time; never fails.
 */
export function saveCompileCache(): void {
  try {
    module.flushCompileCache();
  } catch {
    // Not written: the next start compiles from source, as without a cache.
  }
}
