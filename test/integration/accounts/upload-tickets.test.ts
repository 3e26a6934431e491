/**
 * Ticketed uploads of a linked device: mint (device-signed), upload once
 * (owner_type account_device on the account's slots), repeat (same job),
 * and every refusal: 401 for a missing, invalid, expired or used ticket,
 * 409 slots_full, 413 while streaming at the ticket's cap, 429 when minting.
 */
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { jobs } from '../../../db/schema.ts';
import { unlinkDevice } from '../../../core/devices/link/link-device.ts';
import { invoke } from '../../../core/operation.ts';
import { purgeExpired } from '../../../worker/worker.ts';
import { createJobFromUpload } from '../../../core/operations.ts';
import { makePdf } from '../../support/pdf.ts';
import { signIn } from '../../support/sign-in.ts';
import { streamOversized } from '../../support/stream-oversized.ts';
import { warmUp } from '../rest/api-client.ts';
import { pdfBytes } from '../v1/support/pdf-bytes.ts';
import { startAccounts, type AccountsServer, type TestDevice } from './support/accounts-server.ts';

beforeAll(warmUp);

async function ticketOf(device: TestDevice): Promise<string> {
  const t = await device.account.getUploadTicket();
  if (!t.eligible) throw new Error(`not eligible: ${t.reason}`);
  return t.ticket;
}

async function upload(s: AccountsServer, ticket: string | undefined, body: Uint8Array | string = '%PDF-1.7 not really'): Promise<Response> {
  const form = new FormData();
  form.append('file', new Blob([typeof body === 'string' ? body : new Uint8Array(body)], { type: 'application/pdf' }), 'a.pdf');
  return fetch(`${s.baseUrl}/api/v2/jobs/upload`, { method: 'POST', body: form, headers: ticket === undefined ? {} : { 'upload-ticket': ticket } });
}

const codeOf = async (res: Response) => ((await res.json()) as { error: { code: string } }).error.code;

describe('upload tickets', () => {
  it('an anonymous device is not eligible; a linked one uploads once (201), and the repeat answers the same job (200)', async () => {
    await using s = await startAccounts({}, 'fresh');
    const device = await s.newDevice();
    expect(await device.account.getUploadTicket()).toMatchObject({ eligible: false, reason: 'not_linked' });
    const person = await signIn(s.env, { tier: 'pro' });
    await s.link(device, person.accountId);
    const t = await device.account.getUploadTicket();
    expect(t).toMatchObject({ eligible: true, tier: 'pro', max_bytes: s.env.config.tiers.pro.uploadTicketBytes });
    const ticket = (t as { ticket: string }).ticket;
    expect(ticket).toMatch(/^upt_/);
    const pdf = await pdfBytes();
    const first = await device.account.uploadWithTicket(ticket, pdf, 'big.pdf');
    expect(first).toMatchObject({ created: true, job: { owner_type: 'account_device', tier: 'pro', status: 'queued', file_name: 'big.pdf' } });
    const again = await device.account.uploadWithTicket(ticket, pdf, 'big.pdf');
    expect(again).toEqual({ created: false, job: expect.objectContaining({ job_id: first.job.job_id }) });
    expect(await s.row(first.job.job_id)).toMatchObject({ accountId: person.accountId, deviceId: device.principal.deviceId, lane: 'v2', pool: 'paid' });

    // Unlinked while queued, the v2 job returns to the device with the anonymous tier's budget, and back again.
    await device.account.unlink();
    const { tiers } = s.env.config;
    expect(await s.row(first.job.job_id)).toMatchObject({ ownerType: 'device', tier: 'anonymous', timeBudgetMs: tiers.anonymous.timeBudgetMs, onBudget: 'fail' });
    await s.link(device, person.accountId);
    expect(await s.row(first.job.job_id)).toMatchObject({ ownerType: 'account_device', tier: 'pro', timeBudgetMs: tiers.pro.timeBudgetMs, onBudget: 'truncate' });
    await s.drain();
    // The device reads it over v1; the signed-in person sees it in the account.
    expect(await device.client.getJob(first.job.job_id)).toMatchObject({ status: 'ready' });
    const viaSession = await fetch(`${s.baseUrl}/api/v2/jobs/${first.job.job_id}`, { headers: { cookie: person.cookie } });
    expect(((await viaSession.json()) as { status: string }).status).toBe('ready');
  });

  it('the same ticket with a different file is 409 ticket_used (nothing stored); the same file again stays 200', async () => {
    await using s = await startAccounts({}, 'fresh');
    const device = await s.newDevice();
    const person = await signIn(s.env, { tier: 'pro' });
    await s.link(device, person.accountId);
    const ticket = await ticketOf(device);
    const pdf = await makePdf([['The first file']]);
    const first = await upload(s, ticket, pdf);
    expect(first.status).toBe(201);
    const { job_id } = (await first.json()) as { job_id: string };
    const other = await upload(s, ticket, await makePdf([['Another file entirely']]));
    expect([other.status, await codeOf(other)]).toEqual([409, 'ticket_used']);
    const again = await upload(s, ticket, pdf);
    expect(again.status).toBe(200);
    expect(((await again.json()) as { job_id: string }).job_id).toBe(job_id);
    expect(await s.env.runtime.db.select().from(jobs)).toHaveLength(1);
  });

  it('a used ticket answers repeats after its expiry until the retention sweep removes it a day later', async () => {
    await using s = await startAccounts({}, 'fresh');
    const device = await s.newDevice();
    await s.link(device, (await s.user()).accountId);
    const ticket = await ticketOf(device);
    // One file for both uploads: a PDF made again carries a new creation time, and a repeat must be the same file.
    const pdf = await pdfBytes();
    const first = await device.account.uploadWithTicket(ticket, pdf, 'a.pdf');
    const db = s.env.runtime.db;
    await db.execute(sql`update upload_tickets set expires_at = now() - interval '1 hour'`);
    expect(await device.account.uploadWithTicket(ticket, pdf, 'a.pdf')).toMatchObject({ created: false, job: { job_id: first.job.job_id } });
    expect((await purgeExpired(s.env.runtime)).tickets).toBe(0);
    await db.execute(sql`update upload_tickets set expires_at = now() - interval '25 hours'`);
    expect((await purgeExpired(s.env.runtime)).tickets).toBe(1);
    expect((await upload(s, ticket, pdf)).status).toBe(401);
  });

  it('401 for a missing, malformed, unknown, expired or used ticket', async () => {
    await using s = await startAccounts({}, 'fresh');
    const device = await s.newDevice();
    await s.link(device, (await s.user()).accountId);
    const missing = await upload(s, undefined);
    expect([missing.status, missing.headers.get('www-authenticate'), await codeOf(missing)]).toEqual([401, 'Upload-Ticket realm="p2m"', 'unauthenticated']);
    expect((await upload(s, 'nonsense')).status).toBe(401);
    expect((await upload(s, `upt_${'A'.repeat(43)}`)).status).toBe(401);

    const expired = await ticketOf(device);
    await s.env.runtime.db.execute(sql`update upload_tickets set expires_at = now() - interval '1 second'`);
    expect((await upload(s, expired, await pdfBytes())).status).toBe(401);

    // A refused upload (not a PDF) still used the ticket: single use, whatever the outcome.
    const spent = await ticketOf(device);
    const bad = await upload(s, spent, 'not a pdf');
    expect([bad.status, await codeOf(bad)]).toEqual([400, 'not_a_pdf']);
    const retry = await upload(s, spent, await pdfBytes());
    expect([retry.status, await codeOf(retry)]).toEqual([401, 'unauthenticated']);
  });

  it("409 slots_full: said at minting when the account's slots are busy, and at upload for a ticket minted earlier", async () => {
    await using s = await startAccounts({}, 'fresh');
    const device = await s.newDevice();
    const alice = await s.user('free');
    await s.link(device, alice.accountId);
    const early = await ticketOf(device);
    const content_base64 = (await makePdf()).toString('base64');
    for (let i = 0; i < 3; i++) await invoke(createJobFromUpload, s.env.ctx(alice.principal), { content_base64 });
    expect(await device.account.getUploadTicket()).toMatchObject({ eligible: false, reason: 'slots_full' });
    const res = await upload(s, early, await pdfBytes());
    expect([res.status, await codeOf(res)]).toEqual([409, 'slots_full']);
  });

  it("413 while streaming, at the ticket's cap (not the tier's file cap)", async () => {
    const cap = 256 * 1024;
    await using s = await startAccounts({ P2M_TIERS: JSON.stringify({ free: { uploadTicketBytes: cap } }) }, 'fresh');
    const device = await s.newDevice();
    await s.link(device, (await s.user('free')).accountId);
    const t = await device.account.getUploadTicket();
    expect(t).toMatchObject({ eligible: true, max_bytes: cap });
    const boundary = 'p2mboundary';
    const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="big.pdf"\r\nContent-Type: application/pdf\r\n\r\n%PDF-1.7\n`;
    const reply = await streamOversized(
      `${s.baseUrl}/api/v2/jobs/upload`,
      { 'upload-ticket': (t as { ticket: string }).ticket, 'content-type': `multipart/form-data; boundary=${boundary}` },
      head,
      64 * 1024,
      16 * 1024,
    );
    expect([reply.status, (JSON.parse(reply.text) as { error: { code: string } }).error.code]).toEqual([413, 'too_large']);
    // Refused long before the free tier's 10 MB file cap: the ticket's cap applied, while the body was arriving.
    expect(reply.sent * reply.chunkBytes).toBeLessThan(s.env.config.tiers.free.maxFileBytes);
  });

  it("429 when the device's rate is spent; unlinking withdraws unused tickets", async () => {
    await using s = await startAccounts({ P2M_TIERS: JSON.stringify({ free: { ratePerMinute: 3 } }) }, 'fresh');
    const device = await s.newDevice();
    await s.link(device, (await s.user('free')).accountId);
    const kept = await ticketOf(device);
    await ticketOf(device);
    await ticketOf(device);
    const limited = await device.client.signedFetch('POST', '/api/v2/jobs/upload-ticket');
    expect([limited.status, await codeOf(limited)]).toEqual([429, 'rate_limited']);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    // Unlinked through core: the device's own request would find its budget spent.
    await s.env.runtime.db.transaction((tx) => unlinkDevice(tx, s.env.config.tiers, device.principal.deviceId));
    expect((await upload(s, kept, await pdfBytes())).status).toBe(401);
  });
});
