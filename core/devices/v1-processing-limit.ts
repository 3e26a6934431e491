import type { Tiers } from '../tiers.ts';

/**
 * The v1 lane's processing rule, whatever the device's account tier: the
 * anonymous tier's time budget (5 minutes by default), and at the limit the
 * job fails — v1 clients know no truncated results.
 */
export function v1ProcessingLimit(tiers: Tiers): { timeBudgetMs: number; onBudget: 'fail' } {
  return { timeBudgetMs: tiers.anonymous.timeBudgetMs, onBudget: 'fail' };
}
