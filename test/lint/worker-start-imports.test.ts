/**
 * `p2m worker` loads neither the Stripe SDK nor the Redis client unless it
 * uses them (billing configured, REDIS_URL set): together they were about
 * 870 of the 1,570 modules a worker loaded at start. A child process loads
 * the worker command and makes the services whose libraries depend on the
 * configuration, under a hook that records every module (ESM and CommonJS)
 * it loads.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const HOOK = fileURLToPath(new URL('../../bench/startup/loaded-modules-hook.ts', import.meta.url));
const CHILD = fileURLToPath(new URL('../support/children/startup-modules-child.ts', import.meta.url));

/** The URLs of every module the child loaded. */
async function modulesLoaded(env: Record<string, string>, extra: string[] = []): Promise<string[]> {
  const dir = await mkdtemp(join(tmpdir(), 'p2m-modules-'));
  try {
    const out = join(dir, 'modules.json');
    await promisify(execFile)(process.execPath, ['--import', HOOK, CHILD, JSON.stringify(env), ...extra], {
      env: { PATH: process.env.PATH ?? '', P2M_LOADED_MODULES_OUT: out },
    });
    return (JSON.parse(await readFile(out, 'utf8')) as { modules: string[] }).modules;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

const STRIPE = /\/node_modules\/stripe\//;
const REDIS = /\/node_modules\/(@redis\/[^/]+|redis)\//;
const BILLING = { P2M_STRIPE_SECRET_KEY: 'sk_test_x', P2M_STRIPE_WEBHOOK_SECRET: 'whsec_x', P2M_STRIPE_PRICES: 'pro=price_x' };

describe('what a worker loads at start', () => {
  it('without billing and REDIS_URL: no module of stripe or the Redis client', { timeout: 60_000 }, async () => {
    const modules = await modulesLoaded({});
    expect(modules.some((m) => m.endsWith('/worker/main.ts'))).toBe(true);
    expect(modules.some((m) => m.endsWith('/core/runtime.ts'))).toBe(true);
    expect(modules.some((m) => /\/node_modules\/rate-limiter-flexible\//.test(m))).toBe(true);
    expect(modules.filter((m) => STRIPE.test(m) || REDIS.test(m))).toEqual([]);
  });

  it('with billing configured and a Redis client made, both are loaded (the hook sees them)', { timeout: 60_000 }, async () => {
    const modules = await modulesLoaded(BILLING, ['redis']);
    expect(modules.filter((m) => STRIPE.test(m)).length).toBeGreaterThan(50);
    expect(modules.filter((m) => REDIS.test(m)).length).toBeGreaterThan(50);
  });
});
