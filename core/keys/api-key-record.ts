import { z } from 'zod';
import type { ApiKeyRow } from '../../db/schema.ts';
import { Scope } from '../scopes.ts';

/** An API key as listed: never its secret, which is not stored. */
export const ApiKeyRecord = z.object({
  id: z.uuid(),
  name: z.string(),
  start: z.string().describe('The first characters of the secret, to tell keys apart.'),
  scopes: z.array(Scope),
  created_at: z.string(),
  last_used_at: z.string().nullable().describe('Recorded at most once a minute.'),
  expires_at: z.string().nullable().describe('Null: the key does not expire.'),
  device_id: z.string().nullable().describe('The linked device that created the key (its unlink revokes it); null when a session or the CLI did.'),
});
export type ApiKeyRecord = z.infer<typeof ApiKeyRecord>;

export function toApiKeyRecord(k: ApiKeyRow): ApiKeyRecord {
  return {
    id: k.id,
    name: k.name,
    start: k.start,
    scopes: k.scopes.map((s) => Scope.parse(s)),
    created_at: k.createdAt.toISOString(),
    last_used_at: k.lastUsedAt?.toISOString() ?? null,
    expires_at: k.expiresAt?.toISOString() ?? null,
    device_id: k.deviceId,
  };
}
