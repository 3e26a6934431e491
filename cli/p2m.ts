#!/usr/bin/env node
/**
 * The p2m command line: serve, worker, keys, convert, migrate.
 * Each subcommand lives in its own module and is loaded only when used.
 */
const USAGE = `p2m — PDF to Markdown

Usage:
  p2m serve                      start the service (API, MCP, workers) on the configured database
  p2m worker                     run conversion workers only (needs DATABASE_URL: PostgreSQL)
  p2m keys create [--email E] [--name N] [--scopes a,b] [--tier free|pro]
                                 create an account (if needed) and an API key; prints the key once
  p2m keys list [--email E]      list keys (never their secrets)
  p2m keys revoke <key-id>       revoke a key at once
  p2m convert IN.pdf... [-o OUT] [--pages 1-5] [--ocr auto|off|force] [--jobs N]
                                 convert PDFs locally, no service needed
  p2m migrate                    apply database migrations and exit

Configuration comes from environment variables; see README.md.`;

const commands: Record<string, () => Promise<{ run(argv: string[]): Promise<number> }>> = {
  serve: () => import('./serve.ts'),
  worker: () => import('./worker.ts'),
  keys: () => import('./keys.ts'),
  convert: () => import('./convert.ts'),
  migrate: () => import('./migrate.ts'),
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
  return (await load()).run(rest);
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (err: unknown) => {
    console.error(`p2m: ${err instanceof Error ? err.message : String(err)}`);
    process.exitCode = 1;
  },
);
