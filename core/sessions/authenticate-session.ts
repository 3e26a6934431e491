import { eq, sql } from 'drizzle-orm';
import type { Services } from '../context.ts';
import { hashSecret } from '../crypto/hash-secret.ts';
import { DomainError, isDomainError } from '../errors.ts';
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
  const { idle, step } = idleWindow(config.sessionIdleSeconds);
  // One statement: check, and move last_seen_at forward at most once per step.
  const [row] = await db
    .update(sessions)
    .set({ lastSeenAt: sql`case when ${sessions.lastSeenAt} < now() - ${step}::interval then now() else ${sessions.lastSeenAt} end` })
    .from(accounts)
    .where(
      sql`${sessions.tokenHash} = ${hashSecret(token)} and ${eq(accounts.id, sessions.accountId)}
        and ${sessions.expiresAt} > now() and ${sessions.lastSeenAt} > now() - ${idle}::interval`,
    )
    .returning({ id: sessions.id, accountId: sessions.accountId, tier: accounts.tier });
  if (!row) throw invalid();
  return { kind: 'session', accountId: row.accountId, sessionId: row.id, tier: TierName.parse(row.tier) };
}

/** Most session cookies of one request that are looked up (a bound on what a stuffed Cookie header costs). */
export const MAX_SESSION_COOKIES = 4;

/**
 * The principal of the first valid token among several cookies of the same
 * name (a planted or stale one may come first). Malformed values cost no
 * lookup; at most MAX_SESSION_COOKIES well-formed ones are tried.
 */
export async function authenticateAnySession(services: Pick<Services, 'db' | 'config'>, tokens: readonly string[]): Promise<SessionPrincipal> {
  const candidates = tokens.filter((t) => t.startsWith(SESSION_PREFIX) && TOKEN_SHAPE.test(t)).slice(0, MAX_SESSION_COOKIES);
  for (const token of candidates) {
    try {
      return await authenticateSession(services, token);
    } catch (err) {
      if (!isDomainError(err)) throw err;
    }
  }
  throw invalid();
}

/**
 * last_seen_at is written at most once per `step` (a tenth of the idle
 * timeout, at most a minute) to keep busy sessions from writing on every
 * request. So the last use may be up to one step later than last_seen_at,
 * and the check allows that step on top of the timeout: a session is never
 * ended early, and at most a tenth of the timeout late.
 */
export function idleWindow(idleSeconds: number): { idle: string; step: string } {
  const step = Math.max(1, Math.min(60, Math.floor(idleSeconds / 10)));
  return { idle: `${idleSeconds + step} seconds`, step: `${step} seconds` };
}

const invalid = () => new DomainError('unauthenticated', 'The session has ended or expired; sign in again.');
