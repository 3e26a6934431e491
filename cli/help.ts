/**
 * Usage text of `p2m` and of each subcommand; `p2m <command> --help` prints
 * the command's own text and exits 0 without starting anything.
 */
import { USAGE as CONVERT_USAGE } from '../engine/cli/args.ts';

/** The e-mail `p2m keys` uses when none is given: a valid address in the reserved .localhost domain. */
export const LOCAL_EMAIL = 'local@p2m.localhost';

export const COMMAND_HELP: Record<string, string> = {
  serve: `usage: p2m serve
Starts the service (REST API, MCP, discovery) and, unless P2M_WORKERS=0, conversion workers.
Listens on HOST:PORT (default 127.0.0.1:8080); the database is DATABASE_URL or the embedded one in P2M_DATA_DIR.`,
  worker: `usage: p2m worker [--pool paid|free|all[=N]]... [--concurrency N]
Runs conversion workers only, sharing the queue of the PostgreSQL database in DATABASE_URL.
--pool         which queue a worker serves (repeatable, one worker each; default P2M_WORKER_POOLS, else all):
               paid  paid-tier jobs only;  free  free jobs, and paid ones when no free job waits;
               all   both, paid first by priority, free jobs aging past them (no starvation).
               =N    that worker's concurrency.
--concurrency  conversions at once of a pool given without =N (default P2M_WORKERS, else 1).`,
  keys: `usage: p2m keys create [--email E] [--name N] [--scopes a,b] [--tier free|pro]
       p2m keys list [--email E]
       p2m keys revoke <key-id>
create   creates the account if needed and a new API key, printed once on stdout.
         --tier sets the account's plan, also for an existing account.
list     lists an account's keys (never their secrets).
revoke   revokes a key at once.
The e-mail defaults to ${LOCAL_EMAIL}.`,
  convert: `${CONVERT_USAGE}
Converts PDFs (or the PDFs in a folder) to Markdown locally, no service needed.
Without -o one file goes to stdout; several files get <name>.md beside each PDF or in the -o folder.
Shows progress on a terminal; quiet when stderr is not a terminal.`,
  migrate: `usage: p2m migrate
Applies pending database migrations and exits.`,
  'dev-idp': `usage: p2m dev-idp [--port 4400] [--origins http://localhost:8080,...] [--secret S]
Starts a development OpenID provider on 127.0.0.1 for trying sign-in without an external account,
and prints the P2M_OIDC_* variables to start \`p2m serve\` with. Anyone can sign in as any e-mail.
--origins  the service's public origins (default: P2M_PUBLIC_ORIGINS, else localhost and 127.0.0.1 on PORT)
--secret   the client secret (default: a new random one each start)`,
};

export const USAGE = `p2m — PDF to Markdown

Usage:
  p2m serve                      start the service (API, MCP, workers) on the configured database
  p2m worker [--pool paid|free|all[=N]]... [--concurrency N]
                                 run conversion workers only (needs DATABASE_URL: PostgreSQL)
  p2m keys create [--email E] [--name N] [--scopes a,b] [--tier free|pro]
                                 create an account (if needed) and an API key; prints the key once
  p2m keys list [--email E]      list keys (never their secrets)
  p2m keys revoke <key-id>       revoke a key at once
  p2m convert IN.pdf... [-o OUT] [--pages 1-5] [--ocr auto|off|force] [--jobs N]
                                 convert PDFs locally, no service needed
  p2m migrate                    apply database migrations and exit
  p2m dev-idp [--port 4400]      a development identity provider on loopback, for trying sign-in
  p2m <command> --help           help on one command

Configuration comes from environment variables; see README.md.`;

/** True when the arguments ask for help (before any `--` that ends options). */
export function wantsHelp(argv: readonly string[]): boolean {
  const end = argv.indexOf('--');
  return (end === -1 ? argv : argv.slice(0, end)).some((a) => a === '--help' || a === '-h');
}
