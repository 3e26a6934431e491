/**
 * The account pages as route records: /account and the sections under it
 * (web/pages/), and the checkout return pages. Each page reads what it shows
 * through the same core operations the REST API runs (invoke() with the
 * session's principal); its script acts through the REST routes. Without a
 * session a section answers the sign-in page.
 */
import type { Request } from 'express';
import { z } from 'zod';
import type { Services } from '../core/context.ts';
import { isDomainError } from '../core/errors.ts';
import { invoke } from '../core/operation.ts';
import { getMe } from '../core/operations.ts';
import type { Principal } from '../core/principal.ts';
import { clearSessionCookie, sessionCookie } from '../http/credentials/session-cookie.ts';
import { sendPage, type Page } from '../http/html/html-page.ts';
import { htmlRoute } from '../http/html/html-route.ts';
import { publicOriginOf } from '../http/public-origin.ts';
import type { Route } from '../http/route.ts';
import { defineHandlerRoute } from '../rest/define-route.ts';
import { ctxOf } from '../rest/rest-handler.ts';
import { devicesPage } from './pages/devices-page.ts';
import { checkoutCanceledPage, checkoutSucceededPage, signedOutPage } from './pages/public-pages.ts';
import { jobsPageOf, keysPageOf, overviewPageOf, planPageOf, webhooksPageOf, type PageInput } from './section-data.ts';

export const ACCOUNT_PAGE_PATH = '/account';

type Build = (input: PageInput) => Promise<Page>;
type PageDef = { path: string; operationId: string; summary: string; description: string };

const SECTIONS: readonly (PageDef & { build: Build })[] = [
  {
    path: '/account', operationId: 'account_page', summary: 'The account page (HTML)',
    description: "The account, its plan, this month's usage with a chart by day, slots and the rate limit; every account page links the others.",
    build: overviewPageOf,
  },
  {
    path: '/account/jobs', operationId: 'account_jobs_page', summary: 'Jobs (HTML)',
    description: "The account's jobs with live status, Download and Delete, filter and paging, and a drop zone (POST /api/v2/account/jobs).",
    build: jobsPageOf,
  },
  {
    path: '/account/keys', operationId: 'account_keys_page', summary: 'API keys (HTML)',
    description: 'List, create (scopes chosen, secret shown once) and revoke API keys.',
    build: keysPageOf,
  },
  {
    path: '/account/devices', operationId: 'account_devices_page', summary: 'Devices (HTML)',
    description: 'The devices linked to the account; unlink one.',
    build: async ({ origin, email }) => devicesPage({ origin, email }),
  },
  {
    path: '/account/webhooks', operationId: 'account_webhooks_page', summary: 'Webhooks (HTML)',
    description: 'Endpoints (add, test, rotate, delete) and their delivery logs with Redeliver; on plans without webhooks, why not.',
    build: webhooksPageOf,
  },
  {
    path: '/account/plan', operationId: 'account_plan_page', summary: 'Plan (HTML)',
    description: 'The plans side by side from the tier table, Upgrade (checkout) and Manage billing (portal), or that billing is not configured.',
    build: planPageOf,
  },
];

const html = { description: 'The page.', content: { 'text/html': { schema: z.string() } } };

function pageRoute(def: PageDef, handler: (services: Services) => ReturnType<typeof htmlRoute>): Route {
  return defineHandlerRoute({
    method: 'get', path: def.path, auth: 'none', operations: [], statuses: [],
    handler,
    openapi: { operationId: def.operationId, tag: 'account', summary: def.summary, description: `For people, not programs. ${def.description}`, success: 200, ok: html },
  });
}

/** A section: the signed-in page, or the sign-in page (200 either way). */
const sectionRoute = (def: PageDef & { build: Build }): Route =>
  pageRoute(def, (services) =>
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
      const email = def.path === ACCOUNT_PAGE_PATH ? null : (await invoke(getMe, ctx, {})).email;
      sendPage(res, 200, await def.build({ ctx, services, origin, email, principal }));
    }),
  );

/** Every account page and the two checkout return pages. */
export const ACCOUNT_PAGE_ROUTES: readonly Route[] = [
  ...SECTIONS.map(sectionRoute),
  pageRoute(
    { path: '/billing/success', operationId: 'billing_success_page', summary: 'After checkout (HTML)', description: "Where checkout returns the buyer: what happened and the account's plan now." },
    (services) =>
      htmlRoute(services.log, async (req, res) => {
        const principal = await sessionOrNull(req, services);
        sendPage(res, 200, checkoutSucceededPage(principal ? { tier: principal.tier } : null, publicOriginOf(req, services.config)));
      }),
  ),
  pageRoute(
    { path: '/billing/canceled', operationId: 'billing_canceled_page', summary: 'Checkout canceled (HTML)', description: 'Where checkout returns a buyer who did not pay: nothing was charged; a link back to the plans.' },
    (services) => htmlRoute(services.log, async (req, res) => sendPage(res, 200, checkoutCanceledPage(publicOriginOf(req, services.config)))),
  ),
];

/** The session of the request, or null when it has none or it has ended. */
async function sessionOrNull(req: Request, services: Services): Promise<Principal | null> {
  try {
    return await sessionCookie(req, services);
  } catch (err) {
    if (isDomainError(err) && err.code === 'unauthenticated') return null;
    throw err;
  }
}
