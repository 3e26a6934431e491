/** Runs a `p2m` subcommand to completion with env and returns its stdout, trimmed. */
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';

const CLI = join(import.meta.dirname, '../../cli/p2m.ts');

export async function run(args: string[], env: Record<string, string>): Promise<string> {
  const { stdout } = await promisify(execFile)(process.execPath, [CLI, ...args], { env: { ...process.env, ...env } });
  return stdout.trim();
}
