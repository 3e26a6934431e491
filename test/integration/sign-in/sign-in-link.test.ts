/**
 * Device linking through sign-in: start checks the link ticket before the
 * person leaves for the provider; the callback asks (device-link-consent.test.ts
 * covers the page) and its form links the device to the signed-in account; a
 * ticket spent meanwhile, or a device linked elsewhere, is an HTML refusal
 * with no session.
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { ensureAccount } from '../../../core/accounts/ensure-account.ts';
import { issueLinkTicket } from '../../../core/devices/link/issue-link-ticket.ts';
import { linkDeviceWithTicket } from '../../support/link-device-with-ticket.ts';
import { peekLinkTicket } from '../../../core/devices/link/peek-link-ticket.ts';
import { accounts, devices, signInAttempts } from '../../../db/schema.ts';
import { answerLink, confirmTokenOf } from '../../support/link-stack.ts';
import { startSignInStack, type Stack } from '../../support/sign-in-stack.ts';
import { warmUp } from '../rest/api-client.ts';

beforeAll(warmUp);

async function newDevice(stack: Stack): Promise<string> {
  const id = randomUUID();
  await stack.env.runtime.db.insert(devices).values({ id, keyThumbprint: `tp-${id}`, publicKey: {}, tokenHash: `h-${id}` });
  return id;
}

const accountOfDevice = async (stack: Stack, deviceId: string) =>
  (await stack.env.runtime.db.select().from(devices).where(eq(devices.id, deviceId)))[0]!.accountId;

const startWith = (ticket: string) => `/api/v2/auth/idp/start?ticket=${encodeURIComponent(ticket)}`;

describe('device link through sign-in', () => {
  it('the callback asks; the form links the device of the ticket to the account that signed in, and spends the ticket', async () => {
    await using stack = await startSignInStack();
    const deviceId = await newDevice(stack);
    const { ticket } = await issueLinkTicket(stack.env.runtime, deviceId);
    const b = stack.browser();
    const callback = await b.authorize('linker@example.org', { startPath: startWith(ticket) });
    // While the person is away the ticket, verifier and nonce sit sealed, the state and binding hashed.
    const [attempt] = await stack.env.runtime.db.select().from(signInAttempts);
    const state = new URL(callback).searchParams.get('state')!;
    expect(JSON.stringify(attempt)).not.toContain(ticket);
    expect(JSON.stringify(attempt)).not.toContain(state);
    expect(JSON.stringify(attempt)).not.toContain(b.jar.get('p2m_sign_in')!);
    const page = await b.get(callback);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('Link this device');
    expect(await accountOfDevice(stack, deviceId)).toBeNull();
    expect((await answerLink(b, { token: confirmTokenOf(html)!, decision: 'link' })).status).toBe(200);
    const [account] = await stack.env.runtime.db.select().from(accounts).where(eq(accounts.email, 'linker@example.org'));
    expect(await accountOfDevice(stack, deviceId)).toBe(account!.id);
    expect(await peekLinkTicket(stack.env.runtime.db, ticket)).toBeNull();
    expect((await b.get('/api/v2/me')).status).toBe(200);
  });

  it('refuses an invalid, used or repeated ticket at start with a 400 page, before the provider', async () => {
    await using stack = await startSignInStack();
    const b = stack.browser();
    for (const path of [startWith('lt_made-up'), '/api/v2/auth/idp/start?ticket=a&ticket=b']) {
      const res = await b.get(path);
      expect([res.status, res.headers.get('content-type')], path).toEqual([400, 'text/html; charset=utf-8']);
      expect(res.headers.get('location')).toBeNull();
    }
    const deviceId = await newDevice(stack);
    const { ticket } = await issueLinkTicket(stack.env.runtime, deviceId);
    const other = await ensureAccount(stack.env.runtime.db, 'other@example.org');
    await linkDeviceWithTicket(stack.env.runtime, ticket, other.id);
    expect((await b.get(startWith(ticket))).status).toBe(400);
  });

  it('a ticket spent between start and callback: 400 page, no session, the device stays as it was', async () => {
    await using stack = await startSignInStack();
    const deviceId = await newDevice(stack);
    const { ticket } = await issueLinkTicket(stack.env.runtime, deviceId);
    const b = stack.browser();
    const callback = await b.authorize('late@example.org', { startPath: startWith(ticket) });
    const first = await ensureAccount(stack.env.runtime.db, 'first@example.org');
    await linkDeviceWithTicket(stack.env.runtime, ticket, first.id);
    const res = await b.get(callback);
    expect(res.status).toBe(400);
    expect(res.headers.getSetCookie().some((c) => c.startsWith('p2m_session=p2ms_'))).toBe(false);
    expect(await accountOfDevice(stack, deviceId)).toBe(first.id);
  });

  it('a device linked to another account meanwhile: 403 page, no session, the link unchanged', async () => {
    await using stack = await startSignInStack();
    const deviceId = await newDevice(stack);
    const { ticket } = await issueLinkTicket(stack.env.runtime, deviceId);
    const b = stack.browser();
    const callback = await b.authorize('second@example.org', { startPath: startWith(ticket) });
    const owner = await ensureAccount(stack.env.runtime.db, 'owner@example.org');
    await linkDeviceWithTicket(stack.env.runtime, (await issueLinkTicket(stack.env.runtime, deviceId)).ticket, owner.id);
    const res = await b.get(callback);
    expect([res.status, res.headers.get('content-type')]).toEqual([403, 'text/html; charset=utf-8']);
    expect(await res.text()).toContain('<code>forbidden</code>');
    expect(res.headers.getSetCookie().some((c) => c.startsWith('p2m_session=p2ms_'))).toBe(false);
    expect(await accountOfDevice(stack, deviceId)).toBe(owner.id);
  });
});
