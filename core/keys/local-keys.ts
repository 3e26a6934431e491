/**
 * Key administration for the local operator (`p2m keys`, the admin socket):
 * accounts by e-mail, created on first use, for people who have not signed in.
 */
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { accounts } from '../../db/schema.ts';
import { ensureAccount } from '../accounts/ensure-account.ts';
import type { Services } from '../context.ts';
import { DomainError } from '../errors.ts';
import { Scope } from '../scopes.ts';
import { TierName } from '../tiers.ts';
import { issueApiKey } from './issue-api-key.ts';
import { listApiKeys, type ApiKeySummary } from './list-api-keys.ts';
import { revokeApiKey } from './revoke-api-key.ts';

export const LocalKeyInput = z.object({
  email: z.email(),
  name: z.string().min(1).max(100).default('cli'),
  tier: TierName.default('free'),
  scopes: z.array(Scope).min(1).optional(),
});
export type LocalKeyInput = z.input<typeof LocalKeyInput>;

export type LocalKey = { key: string; key_id: string; account_id: string; scopes: string[] };

export async function createLocalKey(s: Pick<Services, 'db' | 'config'>, raw: LocalKeyInput): Promise<LocalKey> {
  const input = LocalKeyInput.parse(raw);
  const account = await ensureAccount(s.db, input.email, input.tier);
  const { record, secret } = await issueApiKey(s.db, s.config.tiers, {
    accountId: account.id,
    name: input.name,
    ...(input.scopes ? { scopes: input.scopes } : {}),
  });
  return { key: secret, key_id: record.id, account_id: account.id, scopes: record.scopes };
}

export async function listLocalKeys(s: Pick<Services, 'db'>, raw: { email: string }): Promise<ApiKeySummary[]> {
  const [account] = await s.db.select().from(accounts).where(eq(accounts.email, raw.email.trim().toLowerCase()));
  if (!account) throw new DomainError('not_found', `No account ${raw.email}.`);
  return listApiKeys(s.db, account.id);
}

export async function revokeLocalKey(s: Pick<Services, 'db'>, raw: { key_id: string }): Promise<void> {
  await revokeApiKey(s.db, z.uuid().parse(raw.key_id), null);
}
