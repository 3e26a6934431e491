import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { uploadTickets } from '../../../db/schema.ts';
import { defineOperation } from '../../operation.ts';
import { ownerKeyOf } from '../../principal.ts';
import { TierName } from '../../tiers.ts';
import { countActive } from '../slots.ts';
import { newUploadTicket, uploadTicketHash } from './upload-ticket-token.ts';

export const UploadTicket = z.discriminatedUnion('eligible', [
  z.object({
    eligible: z.literal(true),
    ticket: z.string().describe('Send it as the Upload-Ticket header of POST /api/v2/jobs/upload, once.'),
    expires_at: z.string().describe('The upload must begin before this time.'),
    max_bytes: z.number().int().describe("Largest file the ticket admits (the tier's upload cap); larger uploads are cut off with 413."),
    tier: TierName,
  }),
  z.object({
    eligible: z.literal(false),
    reason: z
      .enum(['not_linked', 'slots_full'])
      .describe('not_linked: the device is anonymous (link it to an account first). slots_full: every conversion slot of the account is busy now.'),
    message: z.string(),
  }),
]);

export const createUploadTicket = defineOperation({
  name: 'create_upload_ticket',
  title: 'Get an upload ticket',
  description:
    "A single-use, short-lived ticket for one upload of up to the tier's upload cap, bound to the calling device, its account and tier. Only a linked device is eligible.",
  scope: null,
  errors: [],
  actors: ['device'],
  input: z.object({}),
  output: UploadTicket,
  async handler(ctx) {
    const p = ctx.principal;
    if (p.kind !== 'device' || p.accountId === null) {
      return { eligible: false as const, reason: 'not_linked' as const, message: 'Link this device to an account to upload through tickets.' };
    }
    const limits = ctx.config.tiers[p.tier];
    // Said now rather than after the upload: the client need not send a large file only to hear 409.
    if ((await countActive(ctx.db, ownerKeyOf(p))) >= limits.slots) {
      return { eligible: false as const, reason: 'slots_full' as const, message: `All ${limits.slots} conversion slots are busy.` };
    }
    const ticket = newUploadTicket();
    const [row] = await ctx.db
      .insert(uploadTickets)
      .values({
        tokenHash: uploadTicketHash(ticket)!,
        deviceId: p.deviceId,
        accountId: p.accountId,
        tier: p.tier,
        maxBytes: limits.uploadTicketBytes,
        expiresAt: sql`now() + make_interval(secs => ${ctx.config.uploadTicketSeconds})`,
      })
      .returning();
    return { eligible: true as const, ticket, expires_at: row!.expiresAt.toISOString(), max_bytes: row!.maxBytes, tier: p.tier };
  },
});
