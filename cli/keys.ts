/**
 * `p2m keys`: API keys for people who have not signed in yet. With the
 * embedded database a running server owns the data directory (PGlite allows
 * one process), so the command goes through the server's admin socket; with
 * no server running, or on PostgreSQL, it opens the database itself.
 */
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig, type Config } from '../core/config.ts';
import { lockHolder } from '../db/dir-lock.ts';
import { adminSocketPath } from './paths.ts';
import type { LocalKeyInput } from '../core/keys/local-keys.ts';
import { directKeyAdmin, socketKeyAdmin, type KeyAdmin } from './key-admin.ts';

const OPTIONS = {
  email: { type: 'string', default: 'local@localhost' },
  name: { type: 'string', default: 'cli' },
  scopes: { type: 'string' },
  tier: { type: 'string', default: 'free' },
} as const;

export async function run(argv: string[]): Promise<number> {
  const { values, positionals } = parseArgs({ args: argv, options: OPTIONS, allowPositionals: true });
  const [action, ...rest] = positionals;
  const config = loadConfig();
  const admin = await openAdmin(config);
  try {
    switch (action) {
      case 'create': {
        const scopes = values.scopes?.split(',').map((s) => s.trim()).filter(Boolean);
        const key = await admin.create({ email: values.email, name: values.name, tier: values.tier as 'free', scopes: scopes as LocalKeyInput['scopes'] });
        console.log(key.key);
        console.error(`API key ${key.key_id} for ${values.email} (scopes: ${key.scopes.join(', ')}). Shown once: store it now.`);
        return 0;
      }
      case 'list':
        for (const k of await admin.list({ email: values.email })) {
          console.log(`${k.id}  ${k.start}…  ${k.name}  ${k.scopes.join(',')}  created ${k.created_at}`);
        }
        return 0;
      case 'revoke':
        if (!rest[0]) throw new Error('usage: p2m keys revoke <key-id>');
        await admin.revoke({ key_id: rest[0] });
        console.log(`revoked ${rest[0]}`);
        return 0;
      default:
        throw new Error('usage: p2m keys create|list|revoke (see p2m help)');
    }
  } finally {
    await admin.close();
  }
}

async function openAdmin(config: Config): Promise<KeyAdmin> {
  if (config.databaseUrl) return directKeyAdmin(config);
  const holder = lockHolder(join(config.dataDir, 'db', 'pglite.lock'));
  if (holder === null) return directKeyAdmin(config);
  // The embedded server (or another p2m process) holds the database: ask it.
  return socketKeyAdmin(adminSocketPath(config), holder);
}
