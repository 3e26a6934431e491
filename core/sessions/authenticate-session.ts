import { eq, sql } from 'drizzle-orm';
import type { Services } from '../context.ts';
import { hashSecret } from '../crypto/hash-secret.ts';
import { DomainError } from '../errors.ts';
import type { Principal } from '../principal.ts';
import { TierName } from '../tiers.ts';
import { accounts, sessions } from '../../db/schema.ts';
import { SESSION_PREFIX } from './create-session.ts';

export type SessionPrincipal = Extract<Principal, { kind: 'session' }>;

const TOKEN_SHAPE = /^p2ms_[A-Za-z0-9_-]{43}$/;

/**
 * The principal of a session cookie. Looked up by the token's hash; a session
 * past its fixed lifetime or idle for longer than the idle timeout fails like
 * an unknown one, judged by the database clock. The tier is the account's
 * current one, so a plan change applies to the next request.
 */
export async function authenticateSession(services: Pick<Services, 'db' | 'config'>, token: string): Promise<SessionPrincipal> {
  if (!token.startsWith(SESSION_PREFIX) || !TOKEN_SHAPE.test(token)) throw invalid();
  const { db, config } = services;
  const idle = `${config.sessionIdleSeconds} seconds`;
  // One statement: check, and move last_seen_at forward at most once a minute.
  const [row] = await db
    .update(sessions)
    .set({ lastSeenAt: sql`case when ${sessions.lastSeenAt} < now() - interval '1 minute' then now() else ${sessions.lastSeenAt} end` })
    .from(accounts)
    .where(
      sql`${sessions.tokenHash} = ${hashSecret(token)} and ${eq(accounts.id, sessions.accountId)}
        and ${sessions.expiresAt} > now() and ${sessions.lastSeenAt} > now() - ${idle}::interval`,
    )
    .returning({ id: sessions.id, accountId: sessions.accountId, tier: accounts.tier });
  if (!row) throw invalid();
  return { kind: 'session', accountId: row.accountId, sessionId: row.id, tier: TierName.parse(row.tier) };
}

const invalid = () => new DomainError('unauthenticated', 'The session has ended or expired; sign in again.');
