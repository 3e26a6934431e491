/**
 * A signed-in browser for tests: an account and a web session made through
 * core, as the identity-provider callback makes them. `cookie` goes in a
 * Cookie header; state-changing requests with it must also send an allowed
 * Origin (env.config.publicOrigins[0]) or the gateway refuses them (CSRF).
 */
import { randomUUID } from 'node:crypto';
import { ensureAccount } from '../../core/accounts/ensure-account.ts';
import type { Principal } from '../../core/principal.ts';
import { authenticateSession } from '../../core/sessions/authenticate-session.ts';
import { createSession } from '../../core/sessions/create-session.ts';
import type { TierName } from '../../core/tiers.ts';
import type { TestEnv } from './test-env.ts';

export type SignedIn = { accountId: string; token: string; cookie: string; principal: Principal };

export async function signIn(env: TestEnv, opts: { email?: string; tier?: TierName } = {}): Promise<SignedIn> {
  const account = await ensureAccount(env.runtime.db, opts.email ?? `person-${randomUUID()}@test.local`, opts.tier ?? 'free');
  const { token } = await createSession(env.runtime, account.id);
  return {
    accountId: account.id,
    token,
    cookie: `p2m_session=${token}`,
    principal: await authenticateSession(env.runtime, token),
  };
}
