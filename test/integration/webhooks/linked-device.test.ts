/**
 * Webhooks managed by a linked device (the spec's "Session, or a linked
 * Device"): signed requests list, register and delete its account's
 * endpoints; an anonymous device is 403 not_linked; the session of the same
 * account sees what the device registered, and the tier decides as for a session.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { webhookEndpoints } from '../../../db/schema.ts';
import { loopbackOnlyInThisFile } from '../../support/loopback-only.ts';
import { signIn } from '../../support/sign-in.ts';
import { serviceEnv, startReceiver, type Receiver } from '../../support/webhook-receiver.ts';
import { startAccounts } from '../accounts/support/accounts-server.ts';
import { warmUp } from '../rest/api-client.ts';

loopbackOnlyInThisFile();
let receiver: Receiver;
beforeAll(async () => {
  await warmUp();
  receiver = await startReceiver();
});
afterAll(() => receiver.close());

const codeOf = async (res: Response) => ((await res.json()) as { error: { code: string } }).error.code;

describe('webhooks with a device signature', () => {
  it('an anonymous device is 403 not_linked; a linked one manages its account\'s endpoints', async () => {
    await using s = await startAccounts(serviceEnv(receiver));
    const device = await s.newDevice();
    const anon = await device.client.signedFetch('GET', '/api/v2/webhooks');
    expect([anon.status, await codeOf(anon)]).toEqual([403, 'not_linked']);
    const anonCreate = await device.client.signedFetch('POST', '/api/v2/webhooks', { json: { url: `${receiver.base}/anon` } });
    expect([anonCreate.status, await codeOf(anonCreate)]).toEqual([403, 'not_linked']);

    const person = await signIn(s.env, { tier: 'pro' });
    await s.link(device, person.accountId);
    const listed = await device.client.signedFetch('GET', '/api/v2/webhooks');
    expect(await listed.json()).toMatchObject({ items: [], used: 0, enabled: true });
    const bad = await device.client.signedFetch('POST', '/api/v2/webhooks', { json: { url: 'https://169.254.169.254/x' } });
    expect([bad.status, await codeOf(bad)]).toEqual([400, 'bad_input']);
    const created = await device.client.signedFetch('POST', '/api/v2/webhooks', { json: { url: `${receiver.base}/device`, events: ['job.ready'] } });
    expect(created.status).toBe(201);
    const hook = (await created.json()) as { webhook_id: string; secret: string };
    expect(hook.secret).toMatch(/^whsec_/);
    // The endpoint records the device that registered it.
    const [row] = await s.env.runtime.db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, hook.webhook_id));
    expect(row!.deviceId).toBe(device.principal.deviceId);

    // The account's session sees the endpoint the device registered, without its secret.
    const bySession = await fetch(`${s.baseUrl}/api/v2/webhooks`, { headers: { cookie: person.cookie } });
    const seen = (await bySession.json()) as { items: { webhook_id: string }[] };
    expect(seen.items.map((w) => w.webhook_id)).toEqual([hook.webhook_id]);
    expect(JSON.stringify(seen)).not.toContain(hook.secret);

    const del = await device.client.signedFetch('DELETE', `/api/v2/webhooks/${hook.webhook_id}`);
    expect(del.status).toBe(204);
    const again = await device.client.signedFetch('DELETE', `/api/v2/webhooks/${hook.webhook_id}`);
    expect([again.status, await codeOf(again)]).toEqual([404, 'not_found']);
  });

  it('a device linked to a free account sees webhooks disabled and cannot register one (403 not_in_plan)', async () => {
    await using s = await startAccounts(serviceEnv(receiver));
    const device = await s.newDevice();
    await s.link(device, (await signIn(s.env)).accountId);
    const listed = await device.client.signedFetch('GET', '/api/v2/webhooks');
    expect(await listed.json()).toMatchObject({ items: [], enabled: false });
    const refused = await device.client.signedFetch('POST', '/api/v2/webhooks', { json: { url: `${receiver.base}/free` } });
    expect([refused.status, await codeOf(refused)]).toEqual([403, 'not_in_plan']);
  });
});
