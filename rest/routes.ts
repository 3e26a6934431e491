/**
 * Every REST route of the v2 API, in the order the API description lists
 * them. server/ serves them and hands them to discovery/; the parity and
 * coverage tests read them, and the tRPC procedure tree is built from the
 * procedures they declare (server/app-router.ts). A new route is one record
 * in one of these lists.
 */
import type { Route } from '../http/route.ts';
import { ACCOUNT_PAGE_ROUTES } from '../web/account-routes.ts';
import { accountPageUploadRoute } from './v2/account-page-upload.ts';
import { HEALTH_ROUTES } from './health.ts';
import { homePageRoute } from './home-page.ts';
import { ACCOUNT_DEVICE_ROUTES } from './v2/account-device-routes.ts';
import { DEVICE_LINK_ROUTES, UPLOAD_ROUTES } from './v2/account-routes.ts';
import { LINK_CONFIRM_ROUTE } from './v2/link-confirm.ts';
import { API_KEY_ROUTES } from './v2/api-key-routes.ts';
import { batchRoute } from './v2/batch-route.ts';
import { BILLING_ROUTES } from './v2/billing-routes.ts';
import { JOB_ROUTES } from './v2/job-routes.ts';
import { ME_ROUTES } from './v2/me.ts';
import { SIGN_IN_ROUTES } from './v2/sign-in.ts';
import { WEBHOOK_ROUTES } from './v2/webhooks.ts';
import { V1_ROUTES } from './v1/routes.ts';

/** The v2 routes (jobs, account, sign-in, webhooks, billing). */
export const V2_ROUTES = [
  ...JOB_ROUTES,
  ...DEVICE_LINK_ROUTES,
  ...ACCOUNT_DEVICE_ROUTES,
  ...API_KEY_ROUTES,
  ...UPLOAD_ROUTES,
  accountPageUploadRoute,
  ...SIGN_IN_ROUTES,
  LINK_CONFIRM_ROUTE,
  ...ME_ROUTES,
  ...ACCOUNT_PAGE_ROUTES,
  homePageRoute,
  ...WEBHOOK_ROUTES,
  batchRoute,
  ...BILLING_ROUTES,
] as const satisfies readonly Route[];

/** Probes: served, not documented. */
export { HEALTH_ROUTES };

/** The frozen v1 lane (mounted by server/ like MCP and tRPC, so tests can build apps without it). */
export const v1Routes = (): readonly Route[] => V1_ROUTES;
