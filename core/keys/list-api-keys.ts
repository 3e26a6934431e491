import { and, desc, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { apiKeys } from '../../db/schema.ts';

export type ApiKeySummary = {
  id: string;
  name: string;
  start: string;
  scopes: string[];
  created_at: string;
  last_used_at: string | null;
  expires_at: string | null;
};

/** An account's active keys, newest first; secrets are never stored, so never returned. */
export async function listApiKeys(db: Db, accountId: string): Promise<ApiKeySummary[]> {
  const rows = await db
    .select()
    .from(apiKeys)
    .where(and(eq(apiKeys.accountId, accountId), isNull(apiKeys.revokedAt)))
    .orderBy(desc(apiKeys.createdAt));
  return rows.map((k) => ({
    id: k.id,
    name: k.name,
    start: k.start,
    scopes: k.scopes,
    created_at: k.createdAt.toISOString(),
    last_used_at: k.lastUsedAt?.toISOString() ?? null,
    expires_at: k.expiresAt?.toISOString() ?? null,
  }));
}
