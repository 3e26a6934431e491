/**
 * API keys are `p2m_` plus 32 random bytes. Only the SHA-256 of the whole
 * secret and its first characters are stored; the secret is shown once.
 */
import { and, eq, isNull, sql } from 'drizzle-orm';
import { inTransaction } from '../../db/in-transaction.ts';
import type { Db } from '../../db/database.ts';
import { accounts, apiKeys, type ApiKeyRow } from '../../db/schema.ts';
import { hashSecret, newSecret } from '../crypto/hash-secret.ts';
import { DomainError } from '../errors.ts';
import { z } from 'zod';
import { accountIdOf } from '../accounts/account-of.ts';
import { defineOperation } from '../operation.ts';
import { deviceIdOf } from '../principal.ts';
import { DEFAULT_SCOPES, Scope } from '../scopes.ts';
import { plainText } from '../text/plain-text.ts';
import { ApiKeyRecord, toApiKeyRecord } from './api-key-record.ts';
import type { Tiers, TierName } from '../tiers.ts';

export const API_KEY_PREFIX = 'p2m_';
const START_LENGTH = 8;

export type IssuedKey = { record: ApiKeyRow; secret: string };

export async function issueApiKey(
  db: Db,
  tiers: Tiers,
  req: { accountId: string; name: string; scopes?: readonly Scope[]; expiresAt?: Date | null; deviceId?: string | null },
): Promise<IssuedKey> {
  return inTransaction(db, async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${'keys:' + req.accountId}))`);
    const [account] = await tx.select().from(accounts).where(eq(accounts.id, req.accountId));
    if (!account) throw new DomainError('not_found', 'No such account.');
    const limit = tiers[account.tier as TierName].apiKeysLimit;
    const [{ n } = { n: 0 }] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(apiKeys)
      .where(and(eq(apiKeys.accountId, req.accountId), isNull(apiKeys.revokedAt)));
    if (n >= limit) throw new DomainError('limit_reached', `This plan allows ${limit} active API keys; revoke one first.`);
    const secret = newSecret(API_KEY_PREFIX);
    const [record] = await tx
      .insert(apiKeys)
      .values({
        accountId: req.accountId,
        name: req.name,
        hash: hashSecret(secret),
        start: secret.slice(0, START_LENGTH),
        scopes: [...(req.scopes ?? DEFAULT_SCOPES)],
        expiresAt: req.expiresAt ?? null,
        deviceId: req.deviceId ?? null,
      })
      .returning();
    return { record: record!, secret };
  });
}

export const CreateApiKeyInput = z.object({
  name: plainText(100).describe('A label to tell keys apart.'),
  scopes: z
    .array(Scope)
    .min(1)
    .refine((s) => new Set(s).size === s.length, { message: 'scopes must not repeat' })
    .optional()
    .describe(`Default: ${DEFAULT_SCOPES.join(', ')}.`),
  expires_at: z.iso
    .datetime({ offset: true })
    .refine((t) => Date.parse(t) > Date.now(), { message: 'expires_at must be in the future' })
    .optional()
    .describe('When the key stops working (ISO 8601). Default: never.'),
});

export const CreatedApiKey = ApiKeyRecord.extend({
  secret: z.string().describe('The key itself (p2m_…), shown this once: it is not stored.'),
});

export const createApiKeyOperation = defineOperation({
  name: 'create_api_key',
  title: 'Create an API key',
  description:
    "Creates an API key for the account and returns its secret once. Refused with 403 limit_reached at the plan's api_keys_limit, and 403 not_linked for a device that is not linked to an account. A key created by a linked device records it, and is revoked when that device is unlinked.",
  scope: null,
  errors: ['not_linked', 'limit_reached', 'not_found'],
  actors: ['session', 'device'],
  input: CreateApiKeyInput,
  output: CreatedApiKey,
  async handler(ctx, { name, scopes, expires_at }) {
    const { record, secret } = await issueApiKey(ctx.db, ctx.config.tiers, {
      accountId: accountIdOf(ctx.principal),
      name,
      ...(scopes ? { scopes } : {}),
      expiresAt: expires_at === undefined ? null : new Date(expires_at),
      deviceId: deviceIdOf(ctx.principal),
    });
    return { ...toApiKeyRecord(record), secret };
  },
});
