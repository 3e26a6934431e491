/**
 * Runs `p2m convert` through the engine's CLI function until the `p2m` bin
 * (cli/p2m.ts) exists. The path is computed so typechecking does not depend
 * on engine/cli.ts being there yet.
 */
import { pathToFileURL } from 'node:url';
import { join } from 'node:path';

type RunConvertCli = (argv: string[]) => Promise<number | void> | number | void;

async function main(argv: string[]): Promise<void> {
  const cliPath = join(import.meta.dirname, '../../engine/cli.ts');
  const mod: unknown = await import(pathToFileURL(cliPath).href);
  const run = (mod as { runConvertCli?: unknown }).runConvertCli;
  if (typeof run !== 'function') throw new Error('engine/cli.ts does not export runConvertCli');
  // Called like the bin (`convert FILES... -o DIR`); runConvertCli wants the arguments after "convert".
  const [command, ...rest] = argv;
  if (command !== 'convert') throw new Error('usage: p2m-cli.ts convert FILES... -o DIR [--jobs N]');
  const code = await (run as RunConvertCli)(rest);
  if (typeof code === 'number') process.exitCode = code;
}

if (import.meta.main) await main(process.argv.slice(2));
