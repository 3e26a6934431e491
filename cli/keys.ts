/**
 * `p2m keys`: API keys for people who have not signed in yet. With the
 * embedded database a running server owns the data directory (PGlite allows
 * one process), so the command goes through the server's admin socket; with
 * no server running, or on PostgreSQL, it opens the database itself.
 */
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { z } from 'zod';
import { loadConfig, type Config } from '../core/config.ts';
import { LocalKeyInput } from '../core/keys/local-keys.ts';
import { lockHolder } from '../db/dir-lock.ts';
import { errorSentence } from './error-sentence.ts';
import { LOCAL_EMAIL } from './help.ts';
import { adminSocketPath } from './paths.ts';
import { directKeyAdmin, socketKeyAdmin, type KeyAdmin } from './key-admin.ts';

const OPTIONS = {
  email: { type: 'string', default: LOCAL_EMAIL },
  name: { type: 'string', default: 'cli' },
  scopes: { type: 'string' },
  tier: { type: 'string' },
} as const;

type Values = { email: string; name: string; scopes?: string; tier?: string };

// Checked here so a mistake reads as one sentence naming the option, before any database opens.
const option = <T>(schema: z.ZodType<T>, value: unknown, flag: string): T => {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  throw new Error(`${flag} ${JSON.stringify(value)} is not valid: ${errorSentence(parsed.error).replace(/^invalid /, '')}`);
};

const createInput = (v: Values) => ({
  email: option(LocalKeyInput.shape.email, v.email, '--email'),
  name: option(LocalKeyInput.shape.name, v.name, '--name'),
  ...(v.tier === undefined ? {} : { tier: option(z.enum(['free', 'pro']), v.tier, '--tier') }),
  ...(v.scopes === undefined
    ? {}
    : { scopes: option(LocalKeyInput.shape.scopes, v.scopes.split(',').map((s) => s.trim()).filter(Boolean), '--scopes') }),
});

type Action = (admin: KeyAdmin, v: Values, rest: string[], where: string) => Promise<number>;

/** Which database a command writes to, in words (never a password): people run several data directories. */
export function databaseDescription(config: Pick<Config, 'databaseUrl' | 'dataDir'>): string {
  if (!config.databaseUrl) return `the embedded database in ${join(resolve(config.dataDir), 'db')} (P2M_DATA_DIR)`;
  try {
    const url = new URL(config.databaseUrl);
    return `the PostgreSQL database ${url.pathname.slice(1) || '(default)'} on ${url.host} (DATABASE_URL)`;
  } catch {
    return 'the PostgreSQL database of DATABASE_URL';
  }
}

const ACTIONS: Record<string, { check(v: Values, rest: string[]): void; run: Action }> = {
  create: {
    check: (v) => void createInput(v),
    async run(admin, v, _rest, where) {
      const input = createInput(v);
      const key = await admin.create(input);
      console.log(key.key);
      const tier = key.previous_tier ? `tier ${key.tier}, changed from ${key.previous_tier}` : `tier ${key.tier}`;
      console.error(`API key ${key.key_id} for ${input.email} (${tier}; scopes: ${key.scopes.join(', ')}), stored in ${where}. Shown once: store it now.`);
      return 0;
    },
  },
  list: {
    check: (v) => void option(LocalKeyInput.shape.email, v.email, '--email'),
    async run(admin, v) {
      for (const k of await admin.list({ email: v.email })) {
        console.log(`${k.id}  ${k.start}…  ${k.name}  ${k.scopes.join(',')}  created ${k.created_at}`);
      }
      return 0;
    },
  },
  revoke: {
    check(_v, rest) {
      if (rest[0] === undefined) throw new Error('revoke needs a key id: p2m keys revoke <key-id> (see p2m keys list)');
      option(z.uuid(), rest[0], 'key id');
    },
    async run(admin, _v, rest) {
      await admin.revoke({ key_id: rest[0]! });
      console.log(`revoked ${rest[0]}`);
      return 0;
    },
  },
};

export async function run(argv: string[]): Promise<number> {
  const { values, positionals } = parseKeyArgs(argv);
  const [name, ...rest] = positionals;
  const action = name === undefined ? undefined : ACTIONS[name];
  if (!action) {
    throw new Error(`${name === undefined ? 'missing action' : `unknown action "${name}"`}: use p2m keys create, list or revoke (p2m keys --help)`);
  }
  action.check(values, rest);
  const config = loadConfig();
  const admin = await openAdmin(config);
  try {
    return await action.run(admin, values, rest, databaseDescription(config));
  } finally {
    await admin.close();
  }
}

// node:util's own messages run to two sentences about '--'; one is enough here.
function parseKeyArgs(argv: string[]) {
  try {
    return parseArgs({ args: argv, options: OPTIONS, allowPositionals: true });
  } catch (err) {
    const option = /option '([^']+)'/.exec(err instanceof Error ? err.message : '')?.[1];
    throw new Error(option ? `${option} is not an option of p2m keys (p2m keys --help)` : errorSentence(err), { cause: err });
  }
}

async function openAdmin(config: Config): Promise<KeyAdmin> {
  if (config.databaseUrl) return directKeyAdmin(config);
  const holder = lockHolder(join(config.dataDir, 'db', 'pglite.lock'));
  if (holder === null) return directKeyAdmin(config);
  // The embedded server (or another p2m process) holds the database: ask it.
  return socketKeyAdmin(adminSocketPath(config), holder);
}
