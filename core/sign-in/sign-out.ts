import { z } from 'zod';
import type { Db } from '../../db/database.ts';
import { endSession } from '../sessions/end-session.ts';

export const LogoutResult = z
  .object({ logged_out: z.boolean().describe('True when a session was ended; false when there was none (or it had already ended).') })
  .describe('The result of POST /api/v2/auth/logout.');

/** Ends the browser's session, if it has one; its device identity and jobs are not touched. */
export async function signOut(db: Db, sessionToken: string | undefined): Promise<z.infer<typeof LogoutResult>> {
  return { logged_out: sessionToken !== undefined && (await endSession(db, sessionToken)) };
}
