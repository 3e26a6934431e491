import type { Services } from '../context.ts';
import { hashSecret, newSecret } from '../crypto/hash-secret.ts';
import { sessions } from '../../db/schema.ts';

/** Cookie values start with this, so a leaked one is recognisable in a secret scanner. */
export const SESSION_PREFIX = 'p2ms_';

export type NewSession = { sessionId: string; token: string; expiresAt: Date };

/**
 * Starts a web session for an account. The token is always new (a session id
 * chosen before sign-in can never become a signed-in one) and only its hash is
 * stored; the caller sets it as the cookie and forgets it.
 */
export async function createSession(services: Pick<Services, 'db' | 'config'>, accountId: string): Promise<NewSession> {
  const token = newSecret(SESSION_PREFIX);
  const expiresAt = new Date(Date.now() + services.config.sessionTtlSeconds * 1000);
  const [row] = await services.db
    .insert(sessions)
    .values({ accountId, tokenHash: hashSecret(token), expiresAt })
    .returning({ id: sessions.id, expiresAt: sessions.expiresAt });
  return { sessionId: row!.id, token, expiresAt: row!.expiresAt };
}
