/**
 * tRPC keys.* run the same operations as /api/v2/api-keys: a signed-in
 * session creates, lists and revokes; an API key is the wrong kind of caller
 * (403); mutations with the cookie obey the same Origin rule as REST.
 */
import { createTRPCClient, httpLink } from '@trpc/client';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AppRouter } from '../../../server/app-router.ts';
import { signIn } from '../../support/sign-in.ts';
import { fileEnv } from '../../support/test-env.ts';
import { warmUp } from '../rest/api-client.ts';
import { rpcError, startTrpc } from './trpc-harness.ts';

beforeAll(warmUp);

describe('tRPC keys', () => {
  it('a session creates, lists and revokes keys; the revoked key is then refused', async () => {
    await using env = await fileEnv();
    await using rpc = await startTrpc(env);
    const person = await signIn(env);
    const origin = env.config.publicOrigins[0]!;
    const client = createTRPCClient<AppRouter>({ links: [httpLink({ url: rpc.url, headers: { cookie: person.cookie, origin } })] });
    const created = await client.keys.create.mutate({ name: 'script', scopes: ['jobs:read'] });
    expect(created).toMatchObject({ name: 'script', scopes: ['jobs:read'] });
    expect(created.secret).toMatch(/^p2m_/);
    expect(await client.keys.list.query({})).toMatchObject({ used: 1, items: [{ id: created.id }] });
    expect(await rpc.client(created.secret).jobs.list.query({})).toMatchObject({ items: [] });
    expect(await client.keys.revoke.mutate({ key_id: created.id })).toEqual({ key_id: created.id, revoked: true });
    expect(await rpcError(rpc.client(created.secret).jobs.list.query({}))).toMatchObject({ code: 'unauthenticated', status: 401 });
  });

  it('an API key cannot manage keys (403), nor can a cookie mutation from a foreign origin', async () => {
    await using env = await fileEnv();
    await using rpc = await startTrpc(env);
    const alice = await env.user();
    expect(await rpcError(rpc.client(alice.key).keys.list.query({}))).toMatchObject({ code: 'forbidden', status: 403 });
    expect(await rpcError(rpc.client().keys.list.query({}))).toMatchObject({ code: 'unauthenticated', status: 401 });
    const person = await signIn(env);
    const foreign = createTRPCClient<AppRouter>({
      links: [httpLink({ url: rpc.url, headers: { cookie: person.cookie, origin: 'https://evil.example' } })],
    });
    expect(await rpcError(foreign.keys.create.mutate({ name: 'x' }))).toMatchObject({ code: 'forbidden', status: 403 });
  });
});
