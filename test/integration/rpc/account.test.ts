/**
 * The account reads over tRPC: the same operations (get_me, get_usage) and
 * answers as REST, for an API key; none without one.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { invoke } from '../../../core/operation.ts';
import { getMe, getUsage } from '../../../core/operations.ts';
import { fileEnv } from '../../support/test-env.ts';
import { warmUp } from '../rest/api-client.ts';
import { rpcError, startTrpc } from './trpc-harness.ts';

beforeAll(warmUp);

describe('tRPC account router', () => {
  it('account.me and account.usage answer as the core operations do, and need a key', async () => {
    await using env = await fileEnv();
    await using rpc = await startTrpc(env);
    const user = await env.user({ tier: 'pro' });
    const client = rpc.client(user.key);
    const me = await client.account.me.query({});
    expect(me).toEqual(await invoke(getMe, env.ctx(user.principal), {}));
    expect(me).toMatchObject({ id: user.accountId, tier: 'pro', authenticated_by: 'api_key' });
    expect(await client.account.usage.query({})).toEqual(await invoke(getUsage, env.ctx(user.principal), {}));
    expect((await rpcError(rpc.client().account.me.query({}))).code).toBe('unauthenticated');
  });
});
