/**
 * The account pages: /account and the sections under it (web/pages/), and
 * the checkout return pages. Each page reads what it shows through the same
 * core operations the REST API runs (invoke() with the session's principal);
 * its script acts through the REST routes. No session: the sign-in page.
 */
import { Router, type Request } from 'express';
import type { Services } from '../core/context.ts';
import { isDomainError } from '../core/errors.ts';
import { invoke } from '../core/operation.ts';
import { getLimits, getMe, getUsage } from '../core/operations.ts';
import type { Principal } from '../core/principal.ts';
import { clearSessionCookie, sessionCookie } from '../http/credentials/session-cookie.ts';
import { sendPage, type Page } from '../http/html/html-page.ts';
import { htmlRoute } from '../http/html/html-route.ts';
import { publicOriginOf } from '../http/public-origin.ts';
import { ctxOf } from '../rest/rest-handler.ts';
import { devicesPage } from './pages/devices-page.ts';
import { keysPage } from './pages/keys-page.ts';
import { overviewPage } from './pages/overview-page.ts';
import { checkoutCanceledPage, checkoutSucceededPage, signedOutPage } from './pages/public-pages.ts';
import { jobsPageOf, planPageOf, webhooksPageOf, type PageInput } from './section-data.ts';

export const ACCOUNT_PAGE_PATH = '/account';

type Build = (input: PageInput) => Promise<Page>;

const SECTION_PAGES: Record<string, Build> = {
  '/account': async ({ ctx, origin }) =>
    overviewPage({ origin, account: await invoke(getMe, ctx, {}), usage: await invoke(getUsage, ctx, {}), limits: await invoke(getLimits, ctx, {}) }),
  '/account/jobs': jobsPageOf,
  '/account/keys': async ({ origin, email }) => keysPage({ origin, email }),
  '/account/devices': async ({ origin, email }) => devicesPage({ origin, email }),
  '/account/webhooks': webhooksPageOf,
  '/account/plan': planPageOf,
};

export function createAccountPagesRouter(services: Services): Router {
  const r = Router();
  for (const [path, build] of Object.entries(SECTION_PAGES)) {
    r.get(
      path,
      htmlRoute(services.log, async (req, res) => {
        const origin = publicOriginOf(req, services.config);
        const principal = await sessionOrNull(req, services);
        if (!principal) {
          // A cookie that no longer opens a session is dropped, so the browser stops sending it.
          if (req.get('cookie')?.includes('p2m_session=')) clearSessionCookie(req, res);
          return sendPage(res, 200, signedOutPage(origin));
        }
        req.principal = principal;
        const ctx = ctxOf(services, req);
        const email = path === '/account' ? null : (await invoke(getMe, ctx, {})).email;
        sendPage(res, 200, await build({ ctx, services, origin, email, principal }));
      }),
    );
  }
  r.get(
    '/billing/success',
    htmlRoute(services.log, async (req, res) => {
      const principal = await sessionOrNull(req, services);
      sendPage(res, 200, checkoutSucceededPage(principal ? { tier: principal.tier } : null));
    }),
  );
  r.get('/billing/canceled', (_req, res) => sendPage(res, 200, checkoutCanceledPage()));
  return r;
}

/** The session of the request, or null when it has none or it has ended. */
async function sessionOrNull(req: Request, services: Services): Promise<Principal | null> {
  try {
    return await sessionCookie(req, services);
  } catch (err) {
    if (isDomainError(err) && err.code === 'unauthenticated') return null;
    throw err;
  }
}
