/**
 * The HTML pages for people (web/account-router.ts), as rows of the route
 * table: documented so that the table stays the list of everything the app
 * serves, though programs use the JSON routes the pages' scripts call.
 */
import { z } from 'zod';
import type { RouteSpec } from './route-spec.ts';

const PAGES: readonly [path: string, id: string, summary: string, description: string][] = [
  ['/account', 'account_page', 'The account page (HTML)', 'With a session: the account, its plan, this month\'s usage with a chart by day, slots and the rate limit; without one, a link to sign in. Every account page links the sections below.'],
  ['/account/jobs', 'account_jobs_page', 'Jobs (HTML)', "The account's jobs with live status, Download and Delete, filter and paging, and a drop zone (POST /api/v2/account/jobs)."],
  ['/account/keys', 'account_keys_page', 'API keys (HTML)', 'List, create (scopes chosen, secret shown once) and revoke API keys.'],
  ['/account/devices', 'account_devices_page', 'Devices (HTML)', 'The devices linked to the account; unlink one.'],
  ['/account/webhooks', 'account_webhooks_page', 'Webhooks (HTML)', 'Endpoints (add, test, rotate, delete) and their delivery logs with Redeliver; on plans without webhooks, why not.'],
  ['/account/plan', 'account_plan_page', 'Plan (HTML)', 'The plans side by side from the tier table, Upgrade (checkout) and Manage billing (portal), or that billing is not configured.'],
  ['/billing/success', 'billing_success_page', 'After checkout (HTML)', "Where checkout returns the buyer: what happened and the account's plan now."],
  ['/billing/canceled', 'billing_canceled_page', 'Checkout canceled (HTML)', 'Where checkout returns a buyer who did not pay: nothing was charged; a link back to the plans.'],
];

/** One row per page: open (a page without a session says how to sign in), always 200 HTML. */
export const PAGE_ROUTES: readonly RouteSpec[] = PAGES.map(([path, operationId, summary, description]) => ({
  method: 'get', path, operations: [], operationId, tag: 'account', auth: 'none', summary,
  description: `For people, not programs. ${description}`,
  success: 200, ok: { description: 'The page.', content: { 'text/html': { schema: z.string() } } }, errors: [],
}));
