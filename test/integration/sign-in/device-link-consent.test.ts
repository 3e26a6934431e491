/**
 * A device link needs the account holder's consent (issue 18, RFC 8628
 * §5.4). Through the real development provider and real signed device
 * clients: a browser that merely opens an attacker's login_url — already
 * signed in at the provider, consent given earlier — ends on a page that asks
 * and links nothing; only the page's form, posted from this origin with its
 * one-time token in the same session, links; Cancel spends the ticket.
 */
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { CALLBACK_PATH } from '../../../core/sign-in/start-sign-in.ts';
import { apiKeys, deviceLinkTickets, devices } from '../../../db/schema.ts';
import { answerLink, confirmTokenOf, followGets, startLinkStack, type LinkStack } from '../../support/link-stack.ts';
import { warmUp } from '../rest/api-client.ts';
import { pdfBytes } from '../v1/support/pdf-bytes.ts';

beforeAll(warmUp);

const HTML = 'text/html; charset=utf-8';

const accountOf = async (stack: LinkStack, deviceId: string) =>
  (await stack.env.runtime.db.select().from(devices).where(eq(devices.id, deviceId)))[0]!.accountId;

/** A person who signed in at the provider and at p2m before (consent given), then opens `url` and nothing else. */
async function victimOpens(stack: LinkStack, url: string) {
  const victim = stack.browser();
  expect((await victim.signIn('victim@example.org')).status).toBe(200);
  const { res, visited } = await followGets(victim, url);
  return { victim, res, visited, html: await res.text() };
}

describe('device link consent', () => {
  it("a browser that merely opens an attacker's login_url links nothing: it gets a page that asks, naming the code", async () => {
    await using stack = await startLinkStack();
    const attacker = await stack.newDevice();
    const { login_url, user_code } = await attacker.account.startLink();
    expect(user_code).toMatch(/^[BCDFGHJKLMNPQRSTVWXZ]{4}-[BCDFGHJKLMNPQRSTVWXZ]{4}$/);
    const { res, visited, html } = await victimOpens(stack, login_url);
    // The GETs went all the way through the provider to our callback, with no form filled in.
    expect(visited.some((u) => u.startsWith(`${stack.base}${CALLBACK_PATH}?`))).toBe(true);
    expect([res.status, res.headers.get('content-type')]).toEqual([200, HTML]);
    expect(html).toContain(user_code);
    expect(html).toContain('Link only a device that is in front of you and shows this same code');
    expect(html).toMatch(/<button type="submit" name="decision" value="link">Link this device<\/button>/);
    expect(html).toMatch(/<button type="submit" name="decision" value="cancel">Cancel<\/button>/);
    // The form posts with an Origin: the page does not use no-referrer.
    expect(res.headers.get('referrer-policy')).toBe('same-origin');
    expect(await accountOf(stack, attacker.deviceId)).toBeNull();
    expect(await attacker.account.getLinkStatus()).toEqual({ linked: false, tier: 'anonymous' });
    await expect(attacker.client.signedFetch('GET', '/api/v2/api-keys').then((r) => r.status)).resolves.toBe(403);
  });

  it('the form posted from another site, or without any origin, is refused and links nothing', async () => {
    await using stack = await startLinkStack();
    const attacker = await stack.newDevice();
    const { login_url } = await attacker.account.startLink();
    const { victim, html } = await victimOpens(stack, login_url);
    const token = confirmTokenOf(html)!;
    const attempts: Record<string, string>[] = [
      { origin: 'https://evil.example' },
      { origin: 'null' },
      {},
      { origin: stack.base, 'sec-fetch-site': 'same-site' },
      { referer: 'https://evil.example/page' },
    ];
    for (const headers of attempts) {
      const res = await answerLink(victim, { token, decision: 'link' }, headers);
      // Refused as a page, like every answer of this browser form.
      expect([res.status, res.headers.get('content-type')], JSON.stringify(headers)).toEqual([403, HTML]);
    }
    expect(await accountOf(stack, attacker.deviceId)).toBeNull();
    // The refused posts spent nothing: the person can still decide.
    expect((await answerLink(victim, { token, decision: 'cancel' })).status).toBe(200);
  });

  it('a confirmed link works: the jobs move, the token works once, and is stored only as a hash', async () => {
    await using stack = await startLinkStack();
    const device = await stack.newDevice();
    const job = await device.client.createJobFromFile(await pdfBytes(), 'mine.pdf');
    const { login_url, user_code } = await device.account.startLink();
    const b = stack.browser();
    const page = await b.get(await b.authorize('owner@example.org', { startPath: login_url }));
    const html = await page.text();
    expect(html).toContain(user_code);
    expect(html).toContain('1 conversion job (1 still converting)');
    const token = confirmTokenOf(html)!;
    expect(token).toMatch(/^lcf_/);
    const [row] = await stack.env.runtime.db.select().from(deviceLinkTickets).where(eq(deviceLinkTickets.deviceId, device.deviceId));
    expect(JSON.stringify(row)).not.toContain(token);
    expect(row!.confirmHash).toMatch(/^[0-9a-f]{64}$/);
    expect(await accountOf(stack, device.deviceId)).toBeNull();

    const linked = await answerLink(b, { token, decision: 'link' });
    expect([linked.status, linked.headers.get('content-type')]).toEqual([200, HTML]);
    expect(await linked.text()).toContain('is now linked to this account');
    expect(await device.account.getLinkStatus()).toEqual({ linked: true, tier: 'free', email: 'owner@example.org' });
    const me = (await (await b.get('/api/v2/me')).json()) as { id: string };
    expect(await accountOf(stack, device.deviceId)).toBe(me.id);
    expect((await stack.env.runtime.db.select().from(devices).where(eq(devices.id, device.deviceId)))[0]!.userCodeHint).toBe(user_code!.slice(0, 4));
    expect(await device.client.getJob(job.job_id)).toMatchObject({ job_id: job.job_id });

    const replay = await answerLink(b, { token, decision: 'link' });
    expect([replay.status, replay.headers.get('content-type')]).toEqual([400, HTML]);
    expect(await replay.text()).toContain('no longer valid');
  });

  it('Cancel spends the ticket: nothing linked, the token and the login_url are dead', async () => {
    await using stack = await startLinkStack();
    const device = await stack.newDevice();
    const { login_url, user_code } = await device.account.startLink();
    const b = stack.browser();
    const html = await (await b.get(await b.authorize('careful@example.org', { startPath: login_url }))).text();
    const token = confirmTokenOf(html)!;
    const canceled = await answerLink(b, { token, decision: 'cancel' });
    expect(canceled.status).toBe(200);
    const text = await canceled.text();
    expect(text).toContain('was not linked');
    expect(text).toContain(user_code);
    expect((await answerLink(b, { token, decision: 'link' })).status).toBe(400);
    expect(await accountOf(stack, device.deviceId)).toBeNull();
    const again = await b.get(login_url);
    expect([again.status, again.headers.get('content-type')]).toEqual([400, HTML]);
  });

  it("a token is bound to its session: another person's session, or none, cannot use it", async () => {
    await using stack = await startLinkStack();
    const device = await stack.newDevice();
    const { login_url } = await device.account.startLink();
    const alice = stack.browser();
    const token = confirmTokenOf(await (await alice.get(await alice.authorize('alice@example.org', { startPath: login_url }))).text())!;
    const mallory = stack.browser();
    await mallory.signIn('mallory@example.org');
    const stolen = await answerLink(mallory, { token, decision: 'link' });
    expect([stolen.status, stolen.headers.get('content-type')]).toEqual([400, HTML]);
    const anonymous = stack.browser();
    const noSession = await answerLink(anonymous, { token, decision: 'link' });
    expect([noSession.status, noSession.headers.get('content-type')]).toEqual([401, HTML]);
    expect(await accountOf(stack, device.deviceId)).toBeNull();
    // Signing out ends the session the token is bound to.
    const fresh = stack.browser();
    const { login_url: url2 } = await device.account.startLink();
    const token2 = confirmTokenOf(await (await fresh.get(await fresh.authorize('bob@example.org', { startPath: url2 }))).text())!;
    await fresh.request('/api/v2/auth/logout', { method: 'POST', headers: { origin: stack.base } });
    await fresh.signIn('bob@example.org');
    expect((await answerLink(fresh, { token: token2, decision: 'link' })).status).toBe(400);
    // Alice's own answer still works.
    expect((await answerLink(alice, { token, decision: 'link' })).status).toBe(200);
    expect(await device.account.getLinkStatus()).toMatchObject({ linked: true });
  });

  it('an expired confirmation is refused with a page; malformed forms too', async () => {
    await using stack = await startLinkStack();
    const device = await stack.newDevice();
    const { login_url } = await device.account.startLink();
    const b = stack.browser();
    const token = confirmTokenOf(await (await b.get(await b.authorize('slow@example.org', { startPath: login_url }))).text())!;
    for (const body of [{ token }, { token, decision: 'yes' }, { decision: 'link' }] as Record<string, string>[]) {
      const res = await b.request('/api/v2/account/link/confirm', { method: 'POST', headers: { origin: stack.base }, body: new URLSearchParams(body) });
      expect([res.status, res.headers.get('content-type')], JSON.stringify(body)).toEqual([400, HTML]);
    }
    const json = await b.request('/api/v2/account/link/confirm', {
      method: 'POST', headers: { origin: stack.base, 'content-type': 'application/json' }, body: JSON.stringify({ token, decision: 'link' }),
    });
    expect(json.status).toBe(400);
    await stack.env.runtime.db.execute(sql`update device_link_tickets set confirm_expires_at = now() - interval '1 second'`);
    const late = await answerLink(b, { token, decision: 'link' });
    expect([late.status, late.headers.get('content-type')]).toEqual([400, HTML]);
    expect(await accountOf(stack, device.deviceId)).toBeNull();
  });

  it('signing in again for a device already linked to this account says so, with nothing to confirm', async () => {
    await using stack = await startLinkStack();
    const device = await stack.newDevice();
    const b = stack.browser();
    const first = await device.account.startLink();
    await answerLink(b, { token: confirmTokenOf(await (await b.get(await b.authorize('same@example.org', { startPath: first.login_url }))).text())!, decision: 'link' });
    const second = await device.account.startLink();
    const html = await (await b.get(await b.authorize('same@example.org', { startPath: second.login_url }))).text();
    expect(html).toContain('already linked to this account');
    expect(confirmTokenOf(html)).toBeNull();
  });

  it('link/attach (device + session) holds the CSRF rules: a foreign web origin is refused, the extension and our pages are not', async () => {
    await using stack = await startLinkStack();
    const b = stack.browser();
    await b.signIn('attach@example.org');
    const cookie = `p2m_session=${b.jar.get('p2m_session')!}`;
    const device = await stack.newDevice();
    await expect(device.account.attach({ cookie, origin: 'https://evil.example' })).rejects.toMatchObject({ status: 403 });
    await expect(device.account.attach({ cookie, origin: 'null' })).rejects.toMatchObject({ status: 403 });
    expect(await accountOf(stack, device.deviceId)).toBeNull();
    expect(await device.account.attach({ cookie, origin: 'chrome-extension://abcdefghijklmnopabcdefghijklmnop' })).toMatchObject({ linked: true, tier: 'free' });
    const other = await stack.newDevice();
    expect(await other.account.attach({ cookie, origin: stack.base })).toMatchObject({ linked: true, tier: 'free' });
    // A key that a device creates records it.
    const created = await device.client.signedFetch('POST', '/api/v2/api-keys', { json: { name: 'from the device' } });
    expect(created.status).toBe(201);
    const [key] = await stack.env.runtime.db.select().from(apiKeys).where(eq(apiKeys.deviceId, device.deviceId));
    expect(key!.name).toBe('from the device');
  });
});
