import { z } from 'zod';
import type { Db } from '../../db/database.ts';
import { endSession } from '../sessions/end-session.ts';
import { defineOperation } from '../operation.ts';

export const LogoutResult = z
  .object({ logged_out: z.boolean().describe('True when a session was ended; false when there was none (or it had already ended).') })
  .describe('The result of POST /api/v2/auth/logout.');

/** Ends the browser's session, if it has one; its device identity and jobs are not touched. */
export async function signOut(db: Db, sessionToken: string | undefined): Promise<z.infer<typeof LogoutResult>> {
  return { logged_out: sessionToken !== undefined && (await endSession(db, sessionToken)) };
}

/** sign_out: ends the session of the cookie the transport read, if any. Open to anyone: a cookie is not authentication here. */
export const signOutOp = defineOperation({
  name: 'sign_out',
  title: 'Sign out',
  description: 'Ends the web session whose cookie the request carries, if any; devices and their jobs are untouched.',
  scope: null,
  errors: [],
  actors: ['anonymous'],
  input: z.object({ session_token: z.string().optional() }),
  output: LogoutResult,
  handler: (ctx, input) => signOut(ctx.db, input.session_token),
});
