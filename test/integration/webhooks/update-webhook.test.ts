/**
 * update_webhook, added as one core operation and one route record: PATCH
 * /api/v2/webhooks/{webhookId} changes the url and events in place (the
 * secret stays), refuses what registration refuses, and is offered, typed,
 * as tRPC webhooks.update and documented in /openapi.json, with nothing else
 * written for it.
 */
import { createTRPCClient, httpLink } from '@trpc/client';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { webhookEndpoints } from '../../../db/schema.ts';
import { createTrpcMiddleware, type AppRouter } from '../../../server/app-router.ts';
import { loopbackOnlyInThisFile } from '../../support/loopback-only.ts';
import { signIn } from '../../support/sign-in.ts';
import { testEnv } from '../../support/test-env.ts';
import { errorCode, startApi } from '../rest/api-client.ts';

loopbackOnlyInThisFile();

describe('PATCH /api/v2/webhooks/{webhookId}', () => {
  it('changes url and events in place over REST and tRPC, refuses what registration refuses, and is documented', async () => {
    await using env = await testEnv({ P2M_ALLOW_PRIVATE_URLS: 'true' });
    await using api = await startApi(env, { trpc: createTrpcMiddleware });
    const origin = env.config.publicOrigins[0]!;
    const alice = await signIn(env, { tier: 'pro' });
    const h = { cookie: alice.cookie, origin };
    const created = await api.call('POST', '/api/v2/webhooks', { headers: h, json: { url: 'https://127.0.0.1:9/old', events: ['job.ready'] } });
    const hook = (await created.json()) as { webhook_id: string };
    const sealed = async () => (await env.runtime.db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, hook.webhook_id)))[0]!.secretSealed;
    const secretBefore = await sealed();
    const path = `/api/v2/webhooks/${hook.webhook_id}`;

    const patched = await api.call('PATCH', path, { headers: h, json: { url: 'https://127.0.0.1:9/new', events: ['job.error', 'job.error'] } });
    expect(patched.status).toBe(200);
    const view = (await patched.json()) as Record<string, unknown>;
    expect(view).toMatchObject({ webhook_id: hook.webhook_id, url: 'https://127.0.0.1:9/new', events: ['job.error'], enabled: true });
    expect(view).not.toHaveProperty('secret');
    expect(await sealed()).toBe(secretBefore);
    // A field left out stays.
    expect(await (await api.call('PATCH', path, { headers: h, json: { events: [] } })).json()).toMatchObject({ url: 'https://127.0.0.1:9/new', events: [] });

    const bad = await api.call('PATCH', path, { headers: h, json: { url: 'http://127.0.0.1:9/plain' } });
    expect([bad.status, await errorCode(bad)]).toEqual([400, 'bad_input']);
    const bob = await signIn(env, { tier: 'pro' });
    const foreign = await api.call('PATCH', path, { headers: { cookie: bob.cookie, origin }, json: { events: [] } });
    expect([foreign.status, await errorCode(foreign)]).toEqual([404, 'not_found']);
    const free = await signIn(env, { tier: 'free' });
    const unpaid = await api.call('PATCH', path, { headers: { cookie: free.cookie, origin }, json: { events: [] } });
    expect([unpaid.status, await errorCode(unpaid)]).toEqual([403, 'not_in_plan']);
    const key = await env.user({ tier: 'pro' });
    expect((await api.call('PATCH', path, { key: key.key, json: { events: [] } })).status).toBe(403);
    // The gateway's CSRF rule holds for PATCH: a cookie without an allowed Origin changes nothing.
    expect((await api.call('PATCH', path, { headers: { cookie: alice.cookie }, json: { events: [] } })).status).toBe(403);

    const rpc = createTRPCClient<AppRouter>({ links: [httpLink({ url: `${api.base}/api/internal/trpc`, headers: h })] });
    const viaRpc = await rpc.webhooks.update.mutate({ webhook_id: hook.webhook_id, events: ['job.deleted'] });
    expect(viaRpc.events).toEqual(['job.deleted']);
    expect(viaRpc.url).toBe('https://127.0.0.1:9/new');

    const doc = (await (await api.call('GET', '/openapi.json')).json()) as { paths: Record<string, Record<string, { operationId: string }>> };
    expect(doc.paths['/api/v2/webhooks/{webhookId}']?.patch?.operationId).toBe('update_webhook');
  });
});
