/**
 * Linking a device to an account and unlinking it, driven by the real device
 * client: the jobs move between owners with their slots, tier, pool and
 * priority, and nothing is lost or refused after the fact.
 */
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { issueLinkTicket } from '../../../core/devices/link/issue-link-ticket.ts';
import { linkDeviceWithTicket } from '../../support/link-device-with-ticket.ts';
import { peekLinkTicket } from '../../../core/devices/link/peek-link-ticket.ts';
import { startDeviceLink } from '../../../core/devices/link/start-device-link.ts';
import { invoke } from '../../../core/operation.ts';
import { createJobFromUpload, getLimits } from '../../../core/operations.ts';
import { countActive } from '../../../core/jobs/slots.ts';
import { makePdf } from '../../support/pdf.ts';
import { warmUp } from '../rest/api-client.ts';
import { pdfBytes } from '../v1/support/pdf-bytes.ts';
import { startAccounts, type AccountsServer } from './support/accounts-server.ts';

beforeAll(warmUp);

async function keyJob(s: AccountsServer, principal: Parameters<AccountsServer['env']['ctx']>[0]): Promise<string> {
  const content_base64 = (await makePdf()).toString('base64');
  return (await invoke(createJobFromUpload, s.env.ctx(principal), { content_base64 })).job_id;
}

describe('device link', () => {
  it('GET /api/v2/account says unlinked, then linked with the account tier, then unlinked again', async () => {
    await using s = await startAccounts();
    const device = await s.newDevice();
    const alice = await s.user('pro');
    expect(await device.account.getLinkStatus()).toEqual({ linked: false, tier: 'anonymous' });
    await s.link(device, alice.accountId);
    // Only the status read names the account's e-mail, so the extension can show whose account it is.
    const [{ email }] = ((await s.env.runtime.db.execute(sql`select email from accounts where id = ${alice.accountId}`)) as unknown as { rows: [{ email: string }] }).rows;
    expect(await device.account.getLinkStatus()).toEqual({ linked: true, tier: 'pro', email });
    expect(await device.account.unlink()).toEqual({ linked: false, tier: 'anonymous' });
    expect(await device.account.unlink()).toEqual({ linked: false, tier: 'anonymous' });
    expect(await device.account.getLinkStatus()).toEqual({ linked: false, tier: 'anonymous' });
  });

  it('3 active anonymous jobs linked to an account with 2 active: all 5 keep running, new work waits for free slots', async () => {
    await using s = await startAccounts();
    const device = await s.newDevice();
    const alice = await s.user('free');
    const deviceJobs: string[] = [];
    for (let i = 0; i < 3; i++) deviceJobs.push((await device.client.createJobFromFile(await pdfBytes(), `${i}.pdf`)).job_id);
    const accountJobs = [await keyJob(s, alice.principal), await keyJob(s, alice.principal)];

    await s.link(device, alice.accountId);

    // Slots are counted by owner: the account now holds 5 active jobs against its 3 slots.
    expect(await countActive(s.env.runtime.db, `account:${alice.accountId}`)).toBe(5);
    expect(await countActive(s.env.runtime.db, `device:${device.principal.deviceId}`)).toBe(0);
    const limits = await invoke(getLimits, s.env.ctx(alice.principal), {});
    expect(limits.slot_usage).toEqual({ used: 5, limit: 3, free: 0 });
    for (const id of deviceJobs) {
      expect(await s.row(id)).toMatchObject({ ownerType: 'account_device', ownerKey: `account:${alice.accountId}`, accountId: alice.accountId, tier: 'free', status: 'queued' });
    }
    // Nothing is refused after the fact; new jobs of the device and of the key wait until the account is under its slots.
    await expect(device.client.createJobFromFile(await pdfBytes(), 'late.pdf')).rejects.toMatchObject({ status: 409, code: 'slots_full' });
    await expect(keyJob(s, alice.principal)).rejects.toMatchObject({ code: 'slots_full' });
    expect(await s.drain()).toBe(5);
    for (const id of [...deviceJobs, ...accountJobs]) expect((await s.row(id)).status).toBe('ready');
    // The device still reads its own jobs over v1, whoever owns their slot now.
    for (const id of deviceJobs) expect(await device.client.getJob(id)).toMatchObject({ job_id: id, status: 'ready' });
    expect((await device.client.createJobFromFile(await pdfBytes(), 'now.pdf')).status).toBe('queued');
  });

  it('queued jobs take the new owner\'s tier, pool and priority base, and give them back on unlink', async () => {
    await using s = await startAccounts();
    const device = await s.newDevice();
    const pro = await s.user('pro');
    const job = await device.client.createJobFromFile(await pdfBytes(), 'a.pdf');
    const before = await s.row(job.job_id);
    expect(before).toMatchObject({ tier: 'anonymous', pool: 'free', ownerType: 'device' });
    await s.link(device, pro.accountId);
    const linked = await s.row(job.job_id);
    const { tiers } = s.env.config;
    expect(linked).toMatchObject({
      tier: 'pro',
      pool: 'paid',
      priority: before.priority - tiers.anonymous.priority + tiers.pro.priority,
      retentionSeconds: tiers.pro.retentionSeconds,
      // A v1 job keeps the v1 lane's time budget whatever the tier.
      timeBudgetMs: before.timeBudgetMs,
    });
    await device.account.unlink();
    expect(await s.row(job.job_id)).toMatchObject({
      ownerType: 'device',
      ownerKey: `device:${device.principal.deviceId}`,
      accountId: null,
      tier: 'anonymous',
      pool: 'free',
      priority: before.priority,
      retentionSeconds: tiers.anonymous.retentionSeconds,
    });
  });

  it('unlink returns active jobs to the device and leaves finished ones readable; no job is lost', async () => {
    await using s = await startAccounts();
    const device = await s.newDevice();
    const alice = await s.user('free');
    await s.link(device, alice.accountId);
    const done = await device.client.createJobFromFile(await pdfBytes(), 'done.pdf');
    await s.drain();
    const active = await device.client.createJobFromFile(await pdfBytes(), 'active.pdf');
    expect((await s.row(active.job_id)).ownerType).toBe('account_device');
    await device.account.unlink();
    expect(await s.row(active.job_id)).toMatchObject({ ownerType: 'device', tier: 'anonymous', accountId: null, status: 'queued' });
    expect(await s.row(done.job_id)).toMatchObject({ ownerType: 'account_device', accountId: alice.accountId, status: 'ready' });
    expect(await countActive(s.env.runtime.db, `account:${alice.accountId}`)).toBe(0);
    expect(await countActive(s.env.runtime.db, `device:${device.principal.deviceId}`)).toBe(1);
    expect(await device.client.download(done.job_id)).toContain('Hello v1');
    await s.drain();
    expect(await device.client.getJob(active.job_id)).toMatchObject({ status: 'ready' });
  });

  it('a moved job whose Idempotency-Key the account already uses keeps running without the key', async () => {
    await using s = await startAccounts();
    const device = await s.newDevice();
    const alice = await s.user('free');
    const mine = await device.client.createJobFromFile(await pdfBytes(), 'a.pdf', { idempotencyKey: 'k1' });
    const content_base64 = (await makePdf()).toString('base64');
    await invoke(createJobFromUpload, s.env.ctx(alice.principal), { content_base64, idempotency_key: 'k1' });
    await s.link(device, alice.accountId);
    expect(await s.row(mine.job_id)).toMatchObject({ ownerType: 'account_device', idempotencyKey: null, status: 'queued' });
  });

  it('a link ticket is single-use and short-lived; a device linked to one account cannot be bound to another', async () => {
    await using s = await startAccounts();
    const device = await s.newDevice();
    const [alice, bob] = [await s.user(), await s.user()];
    const rt = s.env.runtime;
    const { ticket } = await issueLinkTicket(rt, device.principal.deviceId);
    expect(await peekLinkTicket(rt.db, ticket)).toEqual({ deviceId: device.principal.deviceId });
    await linkDeviceWithTicket(rt, ticket, alice.accountId);
    expect(await peekLinkTicket(rt.db, ticket)).toBeNull();
    await expect(linkDeviceWithTicket(rt, ticket, alice.accountId)).rejects.toMatchObject({ code: 'bad_input' });
    await expect(linkDeviceWithTicket(rt, 'lnk_nonsense', alice.accountId)).rejects.toMatchObject({ code: 'bad_input' });

    const second = await issueLinkTicket(rt, device.principal.deviceId);
    await expect(linkDeviceWithTicket(rt, second.ticket, bob.accountId)).rejects.toMatchObject({ code: 'forbidden' });
    expect(await device.account.getLinkStatus()).toMatchObject({ linked: true, tier: 'free' });
    // Refused, so not spent: the same account may still use it (a repeated link is idempotent).
    await linkDeviceWithTicket(rt, second.ticket, alice.accountId);

    const late = await issueLinkTicket(rt, device.principal.deviceId);
    await rt.db.execute(sql`update device_link_tickets set expires_at = now() - interval '1 second'`);
    expect(await peekLinkTicket(rt.db, late.ticket)).toBeNull();
    await expect(linkDeviceWithTicket(rt, late.ticket, alice.accountId)).rejects.toMatchObject({ code: 'bad_input' });
  });

  it('link/start is 503 not_configured without sign-in, and otherwise a login_url on the request origin carrying a ticket for this device', async () => {
    await using s = await startAccounts();
    const device = await s.newDevice();
    await expect(device.account.startLink()).rejects.toMatchObject({ status: 503, code: 'not_configured' });
    const config = { ...s.env.config, oidc: { issuer: 'https://idp.test', clientId: 'p2m', clientSecret: undefined } };
    const ctx = { ...s.env.ctx(device.principal), config };
    const out = await invoke(startDeviceLink, ctx, { origin: 'https://evil.example' });
    const url = new URL(out.login_url);
    expect(`${url.origin}${url.pathname}`).toBe(`${s.baseUrl}/api/v2/auth/idp/start`);
    expect(await peekLinkTicket(s.env.runtime.db, url.searchParams.get('ticket')!)).toEqual({ deviceId: device.principal.deviceId });
  });
});
