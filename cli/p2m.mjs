#!/usr/bin/env node
/**
 * The `p2m` command's launcher, in plain JavaScript so that Node's compile
 * cache is on before any TypeScript loads: a warm start then takes cli/p2m.ts
 * and its modules already stripped and compiled, and never loads Node's
 * TypeScript stripper (about 50 ms of CPU, half of a `p2m --help`). The
 * folder is isolate/compile-cache.ts's (which this file cannot import without
 * stripping it); everything else is in cli/p2m.ts, which runs as well alone.
 */
/* global process */
import module from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

try {
  module.enableCompileCache(process.env.NODE_COMPILE_CACHE || join(tmpdir(), 'p2m-compile-cache'));
} catch {
  // Off: cli/p2m.ts turns it on for what it loads itself.
}
await import('./p2m.ts');
