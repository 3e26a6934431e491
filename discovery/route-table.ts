/**
 * The REST route table: every route the app serves under the API (v2, MCP,
 * the frozen v1 lane), once. Both OpenAPI documents are generated from it,
 * and a test walks the app's routes against it in both directions.
 */
import type { Config } from '../core/config.ts';
import type { RouteSpec } from './route-spec.ts';
import { mcpRoutes } from './routes-mcp.ts';
import { V1_ROUTES } from './routes-v1.ts';
import { V2_ROUTES } from './routes-v2.ts';
import { ACCOUNT_ROUTES } from './routes-account.ts';
import { WEBHOOK_ROUTES } from './routes-webhooks.ts';
import { BILLING_ROUTES } from './routes-billing.ts';
import { SIGN_IN_ROUTES } from './routes-sign-in.ts';
import { PAGE_ROUTES } from './routes-pages.ts';

export type { RouteSpec };

/** All rows; the MCP row's stated body cap comes from the tiers in `config`. */
export function routeTable(config: Pick<Config, 'tiers'>): readonly RouteSpec[] {
  return [...V2_ROUTES, ...ACCOUNT_ROUTES, ...SIGN_IN_ROUTES, ...WEBHOOK_ROUTES, ...BILLING_ROUTES, ...PAGE_ROUTES, ...mcpRoutes(config), ...V1_ROUTES];
}
