/**
 * Key administration for the local operator (`p2m keys`, the admin socket):
 * accounts by e-mail, created on first use, for people who have not signed in.
 */
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { accounts } from '../../db/schema.ts';
import { ensureAccount } from '../accounts/ensure-account.ts';
import { setAccountTier } from '../accounts/set-account-tier.ts';
import type { Services } from '../context.ts';
import { DomainError } from '../errors.ts';
import { Scope } from '../scopes.ts';
import { TierName } from '../tiers.ts';
import { issueApiKey } from './issue-api-key.ts';
import type { ApiKeyRecord } from './api-key-record.ts';
import { listApiKeys } from './list-api-keys.ts';
import { revokeApiKey } from './revoke-api-key.ts';

export const LocalKeyInput = z.object({
  email: z.email(),
  name: z.string().min(1).max(100).default('cli'),
  /** The account's plan: a new account gets it (default free); an existing one is moved to it. */
  tier: TierName.optional(),
  scopes: z.array(Scope).min(1).optional(),
});
export type LocalKeyInput = z.input<typeof LocalKeyInput>;

export type LocalKey = {
  key: string;
  key_id: string;
  account_id: string;
  scopes: string[];
  tier: TierName;
  /** Set when `tier` moved an existing account from this plan. */
  previous_tier?: TierName;
};

export async function createLocalKey(s: Pick<Services, 'db' | 'config'>, raw: LocalKeyInput): Promise<LocalKey> {
  const input = LocalKeyInput.parse(raw);
  const account = await ensureAccount(s.db, input.email, input.tier ?? 'free');
  const previous = TierName.parse(account.tier);
  const tier = input.tier ?? previous;
  // The operator asked for this plan: an existing account moves to it (before
  // the key is issued, so the new plan's key limit applies).
  // Its queued jobs follow the plan (pool, priority, budget), as for a change made by billing.
  if (tier !== previous) await setAccountTier(s, account.id, tier);
  const { record, secret } = await issueApiKey(s.db, s.config.tiers, {
    accountId: account.id,
    name: input.name,
    ...(input.scopes ? { scopes: input.scopes } : {}),
  });
  const key = { key: secret, key_id: record.id, account_id: account.id, scopes: record.scopes, tier };
  return tier === previous ? key : { ...key, previous_tier: previous };
}

export async function listLocalKeys(s: Pick<Services, 'db'>, raw: { email: string }): Promise<ApiKeyRecord[]> {
  const [account] = await s.db.select().from(accounts).where(eq(accounts.email, raw.email.trim().toLowerCase()));
  if (!account) throw new DomainError('not_found', `No account ${raw.email}.`);
  return listApiKeys(s.db, account.id);
}

export async function revokeLocalKey(s: Pick<Services, 'db'>, raw: { key_id: string }): Promise<void> {
  await revokeApiKey(s.db, z.uuid().parse(raw.key_id), null);
}
