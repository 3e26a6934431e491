/**
 * Device-link tickets do not pile up: the retention sweep removes them, used
 * or not, a day (TICKET_KEEP_SECONDS) after they expire, and leaves a ticket
 * whose sign-in still waits on its confirmation page.
 */
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { issueLinkTicket } from '../../../core/devices/link/issue-link-ticket.ts';
import { linkTicketHash } from '../../../core/devices/link/link-ticket.ts';
import { TICKET_KEEP_SECONDS } from '../../../core/jobs/tickets/sweep-tickets.ts';
import { rows } from '../../../db/rows.ts';
import { purgeExpired } from '../../../worker/worker.ts';
import { linkDeviceWithTicket } from '../../support/link-device-with-ticket.ts';
import { warmUp } from '../rest/api-client.ts';
import { startAccounts } from './support/accounts-server.ts';

beforeAll(warmUp);

describe('the retention sweep and device-link tickets', () => {
  it('removes used and unused tickets a day past their expiry, not before, and not while a confirmation is pending', async () => {
    await using s = await startAccounts();
    const rt = s.env.runtime;
    const device = await s.newDevice();
    const alice = await s.user();
    const used = await issueLinkTicket(rt, device.principal.deviceId);
    await linkDeviceWithTicket(rt, used.ticket, alice.accountId);
    const unused = await issueLinkTicket(rt, device.principal.deviceId);
    const pending = await issueLinkTicket(rt, device.principal.deviceId);
    const fresh = await issueLinkTicket(rt, device.principal.deviceId);
    const idOf = async (t: { ticket: string }) =>
      (await rows<{ id: string }>(rt.db, sql`select id from device_link_tickets where token_hash = ${linkTicketHash(t.ticket)}`))[0]!.id;
    const [usedId, unusedId, pendingId, freshId] = [await idOf(used), await idOf(unused), await idOf(pending), await idOf(fresh)];
    const remaining = async () => (await rows<{ id: string }>(rt.db, sql`select id from device_link_tickets order by id`)).map((r) => r.id).sort();

    // Expired, but within the day they are kept.
    await rt.db.execute(sql`update device_link_tickets set expires_at = now() - interval '1 second' where id in (${usedId}, ${unusedId}, ${pendingId})`);
    expect((await purgeExpired(rt)).tickets).toBe(0);
    expect(await remaining()).toEqual([usedId, unusedId, pendingId, freshId].sort());

    const pastKeep = sql`now() - make_interval(secs => ${TICKET_KEEP_SECONDS + 1})`;
    await rt.db.execute(sql`update device_link_tickets set expires_at = ${pastKeep} where id in (${usedId}, ${unusedId}, ${pendingId})`);
    await rt.db.execute(sql`update device_link_tickets set confirm_expires_at = now() + interval '1 minute' where id = ${pendingId}`);
    expect((await purgeExpired(rt)).tickets).toBe(2);
    expect(await remaining()).toEqual([pendingId, freshId].sort());

    await rt.db.execute(sql`update device_link_tickets set confirm_expires_at = ${pastKeep} where id = ${pendingId}`);
    expect((await purgeExpired(rt)).tickets).toBe(1);
    expect(await remaining()).toEqual([freshId]);
  });
});
