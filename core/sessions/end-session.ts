import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { sessions } from '../../db/schema.ts';
import { hashSecret } from '../crypto/hash-secret.ts';
import { idleWindow } from './authenticate-session.ts';

/** Signs a browser out: deletes its session row. False when there was none (already ended or never valid). */
export async function endSession(db: Db, token: string): Promise<boolean> {
  const gone = await db.delete(sessions).where(eq(sessions.tokenHash, hashSecret(token))).returning({ id: sessions.id });
  return gone.length > 0;
}

/** The retention sweep's part: sessions past their fixed lifetime or idle timeout (the same window as the check). */
export async function purgeEndedSessions(db: Db, idleSeconds: number): Promise<number> {
  const gone = await db
    .delete(sessions)
    .where(sql`${sessions.expiresAt} <= now() or ${sessions.lastSeenAt} <= now() - ${idleWindow(idleSeconds).idle}::interval`)
    .returning({ id: sessions.id });
  return gone.length;
}
