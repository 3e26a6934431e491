import { z } from 'zod';
import type { Services } from '../core/context.ts';
import { isDomainError } from '../core/errors.ts';
import { invoke } from '../core/operation.ts';
import { getMe, getUsage } from '../core/operations.ts';
import type { Principal } from '../core/principal.ts';
import { clearSessionCookie, sessionCookie } from '../http/credentials/session-cookie.ts';
import { accountPage, signedOutAccountPage } from '../http/html/account-page.ts';
import { sendPage } from '../http/html/html-page.ts';
import { htmlRoute } from '../http/html/html-route.ts';
import type { Route } from '../http/route.ts';
import { defineHandlerRoute } from './define-route.ts';
import { ctxOf } from './rest-handler.ts';

export const ACCOUNT_PAGE_PATH = '/account';

/** GET /account: the page a person lands on after signing in (see http/html/account-page.ts). */
export const accountPageRoute: Route = defineHandlerRoute({
  method: 'get', path: ACCOUNT_PAGE_PATH, auth: 'none', operations: [], statuses: [],
  handler: (services) =>
    htmlRoute(services.log, async (req, res) => {
      const principal = await sessionOrNull(req, services);
      if (!principal) {
        // A cookie that no longer opens a session is dropped, so the browser stops sending it.
        if (req.get('cookie')?.includes('p2m_session=')) clearSessionCookie(req, res);
        return sendPage(res, 200, signedOutAccountPage());
      }
      req.principal = principal;
      const ctx = ctxOf(services, req);
      const me = await invoke(getMe, ctx, {});
      const usage = await invoke(getUsage, ctx, {});
      sendPage(res, 200, accountPage(me, usage));
    }),
  openapi: {
    operationId: 'account_page', tag: 'account',
    summary: 'The account page (HTML)',
    description: 'For people, not programs: with a session, the account, its plan and usage, and its API keys (list, create with the secret shown once, revoke) through the JSON API; without one, a link to sign in.',
    success: 200, ok: { description: 'The page.', content: { 'text/html': { schema: z.string() } } },
  },
});

/** The session of the request, or null when it has none or it has ended. */
async function sessionOrNull(req: Parameters<typeof sessionCookie>[0], services: Services): Promise<Principal | null> {
  try {
    return await sessionCookie(req, services);
  } catch (err) {
    if (isDomainError(err) && err.code === 'unauthenticated') return null;
    throw err;
  }
}
