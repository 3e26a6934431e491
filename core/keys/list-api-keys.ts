import { and, desc, eq, isNull } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/database.ts';
import { apiKeys } from '../../db/schema.ts';
import { accountIdOf } from '../accounts/account-of.ts';
import { defineOperation } from '../operation.ts';
import { ApiKeyRecord, toApiKeyRecord } from './api-key-record.ts';

/** An account's keys that are not revoked (expired ones included, so they can be removed), newest first. */
export async function listApiKeys(db: Db, accountId: string): Promise<ApiKeyRecord[]> {
  const rows = await db
    .select()
    .from(apiKeys)
    .where(and(eq(apiKeys.accountId, accountId), isNull(apiKeys.revokedAt)))
    .orderBy(desc(apiKeys.createdAt));
  return rows.map(toApiKeyRecord);
}

export const ApiKeyList = z.object({
  items: z.array(ApiKeyRecord),
  limit: z.number().int().describe("The plan's api_keys_limit."),
  used: z.number().int().describe('Keys that are not revoked; creating one more than limit is refused.'),
});

export const listApiKeysOperation = defineOperation({
  name: 'list_api_keys',
  title: 'List API keys',
  description: "The account's API keys that are not revoked, newest first, with the plan's key limit. Secrets are never returned.",
  scope: null,
  errors: ['not_linked'],
  actors: ['session', 'device'],
  input: z.object({}),
  output: ApiKeyList,
  async handler(ctx) {
    const items = await listApiKeys(ctx.db, accountIdOf(ctx.principal));
    return { items, limit: ctx.config.tiers[ctx.principal.tier].apiKeysLimit, used: items.length };
  },
});
