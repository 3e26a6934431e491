import { runConvertCli } from '../engine/cli.ts';

/** `p2m convert`: the engine's own command line. */
export const run = (argv: string[]): Promise<number> => runConvertCli(argv);
