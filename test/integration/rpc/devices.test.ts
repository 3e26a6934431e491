/**
 * The account's devices over tRPC (devices.list, devices.unlink): the same
 * operations as GET/DELETE /api/v2/account/devices, for a session only.
 */
import { randomUUID } from 'node:crypto';
import { createTRPCClient, httpLink } from '@trpc/client';
import { beforeAll, describe, expect, it } from 'vitest';
import { issueApiKey } from '../../../core/keys/issue-api-key.ts';
import { devices } from '../../../db/schema.ts';
import type { AppRouter } from '../../../server/app-router.ts';
import { signIn } from '../../support/sign-in.ts';
import { fileEnv } from '../../support/test-env.ts';
import { warmUp } from '../rest/api-client.ts';
import { rpcError, startTrpc } from './trpc-harness.ts';

beforeAll(warmUp);

describe('tRPC devices router', () => {
  it('lists and unlinks the session\'s devices (revoking their keys); an API key is refused', async () => {
    await using env = await fileEnv();
    await using rpc = await startTrpc(env);
    const person = await signIn(env);
    const id = randomUUID();
    await env.runtime.db
      .insert(devices)
      .values({ id, keyThumbprint: `tp-${id}`, publicKey: {}, tokenHash: `h-${id}`, accountId: person.accountId, linkedAt: new Date(), userCodeHint: 'BCDF' });
    await issueApiKey(env.runtime.db, env.config.tiers, { accountId: person.accountId, name: 'device key', deviceId: id });
    const headers = { cookie: person.cookie, origin: env.config.publicOrigins[0]! };
    const client = createTRPCClient<AppRouter>({ links: [httpLink({ url: rpc.url, headers })] });
    const listed = await client.devices.list.query({});
    expect(listed.devices).toEqual([expect.objectContaining({ device_id: id, user_code_hint: 'BCDF', active_jobs: 0, last_seen_at: null })]);
    expect(await client.devices.unlink.mutate({ device_id: id })).toEqual({ device_id: id, linked: false, jobs_returned: 0, api_keys_revoked: 1 });
    expect(await client.devices.list.query({})).toEqual({ devices: [] });
    expect((await rpcError(client.devices.unlink.mutate({ device_id: id }))).code).toBe('not_found');
    const user = await env.user();
    expect((await rpcError(rpc.client(user.key).devices.list.query({}))).status).toBe(403);
  });
});
