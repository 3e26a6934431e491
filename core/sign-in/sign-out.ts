import { z } from 'zod';
import type { Db } from '../../db/database.ts';
import { endSession } from '../sessions/end-session.ts';
import { defineOperation } from '../operation.ts';

export const LogoutResult = z
  .object({ logged_out: z.boolean().describe('True when a session was ended; false when there was none (or it had already ended).') })
  .describe('The result of POST /api/v2/auth/logout.');

/** Most session cookies one sign-out looks at (as many as authentication tries). */
const MAX_TOKENS = 4;

/**
 * Ends the browser's session, if it has one — every session cookie it sent,
 * since a planted one may come before its own; its device identity and jobs
 * are not touched.
 */
export async function signOut(db: Db, sessionTokens: readonly string[]): Promise<z.infer<typeof LogoutResult>> {
  let ended = false;
  for (const token of sessionTokens.slice(0, MAX_TOKENS)) ended = (await endSession(db, token)) || ended;
  return { logged_out: ended };
}

/** sign_out: ends the sessions of the cookies the transport read, if any. Open to anyone: a cookie is not authentication here. */
export const signOutOp = defineOperation({
  name: 'sign_out',
  title: 'Sign out',
  description: 'Ends the web session whose cookie the request carries, if any; devices and their jobs are untouched.',
  scope: null,
  errors: [],
  actors: ['anonymous'],
  input: z.object({ session_tokens: z.array(z.string()).max(MAX_TOKENS * 4).default([]) }),
  output: LogoutResult,
  handler: (ctx, input) => signOut(ctx.db, input.session_tokens),
});
