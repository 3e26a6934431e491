#!/usr/bin/env node
/**
 * The p2m command line: serve, worker, keys, convert, migrate, dev-idp.
 * Each subcommand lives in its own module and is loaded only when used.
 */
import { startCompileCache } from '../isolate/compile-cache.ts';
import { errorSentence } from './error-sentence.ts';
import { COMMAND_HELP, USAGE, wantsHelp } from './help.ts';

// Before any subcommand is loaded: its modules come from the compile cache after the first run.
startCompileCache();

const commands: Record<string, () => Promise<{ run(argv: string[]): Promise<number> }>> = {
  serve: () => import('./serve.ts'),
  worker: () => import('./worker.ts'),
  keys: () => import('./keys.ts'),
  convert: () => import('./convert.ts'),
  migrate: () => import('./migrate.ts'),
  'dev-idp': () => import('./dev-idp.ts'),
};

async function main(argv: string[]): Promise<number> {
  const [name, ...rest] = argv;
  if (!name || name === 'help' || name === '--help' || name === '-h') {
    console.log(USAGE);
    return name ? 0 : 1;
  }
  const load = commands[name];
  if (!load) {
    console.error(`p2m: unknown command "${name}"\n\n${USAGE}`);
    return 2;
  }
  if (wantsHelp(rest)) {
    console.log(COMMAND_HELP[name]);
    return 0;
  }
  return (await load()).run(rest);
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (err: unknown) => {
    console.error(`p2m: ${errorSentence(err)}`);
    process.exitCode = 1;
  },
);
