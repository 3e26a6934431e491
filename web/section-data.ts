/** What the section pages read on the server, each through core operations or core's plan table. */
import { entitlementsOf, listPlans, type Plans } from '../core/billing/list-plans.ts';
import type { Ctx, Services } from '../core/context.ts';
import { isDomainError } from '../core/errors.ts';
import { invoke } from '../core/operation.ts';
import { getLimits, getMe, getUsage, listAccountDevices, listApiKeysOperation, listJobs } from '../core/operations.ts';
import type { Principal } from '../core/principal.ts';
import { TierName } from '../core/tiers.ts';
import { listWebhooks } from '../core/webhooks/webhook-operations.ts';
import type { Page } from '../http/html/html-page.ts';
import { jobsPage } from './pages/jobs-page.ts';
import { keysPage } from './pages/keys-page.ts';
import { overviewPage } from './pages/overview-page.ts';
import { planPage } from './pages/plan-page.ts';
import { webhooksPage } from './pages/webhooks-page.ts';

export type PageInput = { ctx: Ctx; services: Services; origin: string; email: string | null; principal: Principal };

/** The account's devices by id, named as the Devices page names them (the code hint the person compared). */
async function deviceNamesOf(ctx: Ctx): Promise<Record<string, string>> {
  const { devices } = await invoke(listAccountDevices, ctx, {});
  return Object.fromEntries(devices.map((d) => [d.device_id, d.user_code_hint ? `${d.user_code_hint}-…` : `device ${d.device_id.slice(0, 8)}`]));
}

export async function jobsPageOf({ ctx, origin, email }: PageInput): Promise<Page> {
  const keys = await invoke(listApiKeysOperation, ctx, {});
  const limits = await invoke(getLimits, ctx, {});
  const keyNames = Object.fromEntries(keys.items.map((k) => [k.id, k.name]));
  return jobsPage({ origin, email, keyNames, deviceNames: await deviceNamesOf(ctx), maxFileBytes: limits.max_file_size });
}

export async function keysPageOf({ ctx, origin, email }: PageInput): Promise<Page> {
  return keysPage({ origin, email, deviceNames: await deviceNamesOf(ctx) });
}

export async function webhooksPageOf({ ctx, origin, email, principal }: PageInput): Promise<Page> {
  const list = await invoke(listWebhooks, ctx, {});
  return webhooksPage({ origin, email, tier: principal.tier, enabled: list.enabled, limit: list.limit });
}

/**
 * The plans as GET /api/v2/billing/plans lists them when billing is
 * configured; without billing, the same tier table's entitlements for the
 * plans a person can be on, with no prices.
 */
export async function planPageOf({ services, origin, email, principal }: PageInput): Promise<Page> {
  if (!services.billing) {
    const plans: Plans['plans'] = TierName.options
      .filter((t) => t !== 'anonymous')
      .map((id) => ({ id, paid: id !== 'free', current: principal.tier === id, price: null, entitlements: entitlementsOf(services.config.tiers[id]) }));
    return planPage({ origin, email, tier: principal.tier, plans, billing: 'not_configured', canBuy: false });
  }
  try {
    const listed = await listPlans(services, principal);
    return planPage({ origin, email, tier: principal.tier, plans: listed.plans, billing: 'configured', canBuy: listed.purchase_availability.website });
  } catch (err) {
    if (isDomainError(err) && err.code === 'billing_not_configured') {
      return planPage({ origin, email, tier: principal.tier, plans: [], billing: 'not_configured', canBuy: false });
    }
    throw err;
  }
}

/** Overview: the account, usage and limits, and the summary of each area. */
export async function overviewPageOf({ ctx, origin, principal }: PageInput): Promise<Page> {
  const [account, usage, limits, jobs, keys, hooks] = [
    await invoke(getMe, ctx, {}),
    await invoke(getUsage, ctx, {}),
    await invoke(getLimits, ctx, {}),
    await invoke(listJobs, ctx, { limit: 5 }),
    await invoke(listApiKeysOperation, ctx, {}),
    await invoke(listWebhooks, ctx, {}),
  ];
  const devices = (await invoke(listAccountDevices, ctx, {})).devices.length;
  const summary = {
    jobs: jobs.items,
    keys: { used: keys.used, limit: keys.limit },
    devices,
    webhooks: { enabled: hooks.enabled, used: hooks.used, limit: hooks.limit },
    tier: principal.tier,
  };
  return overviewPage({ origin, account, usage, limits, summary });
}
