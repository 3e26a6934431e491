/**
 * The person's answer to "Link this device?" (RFC 8628 §5.4: the remote
 * phishing of device flows is answered by a code the person compares and an
 * explicit approval). Signing in with a link ticket never links by itself:
 * the callback issues a confirmation token for the page it shows, and only a
 * POST of that page's form, in the same session, spends the ticket — linking
 * the device, or not (Cancel).
 *
 * The token is single-use, bound to the ticket (it lives on the ticket row)
 * and to the session that signed in, stored as its SHA-256 only, and expires
 * after config.linkConfirmSeconds. A newer page for the same ticket replaces
 * the older page's token.
 */
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { inTransaction } from '../../../db/in-transaction.ts';
import { deviceLinkTickets } from '../../../db/schema.ts';
import type { Services } from '../../context.ts';
import { hashSecret, newSecret } from '../../crypto/hash-secret.ts';
import { DomainError } from '../../errors.ts';
import { authenticateAnySession } from '../../sessions/authenticate-session.ts';
import type { TierName } from '../../tiers.ts';
import { linkDevice } from './link-device.ts';
import { INVALID_TICKET } from './link-preview.ts';
import { userCodeHint, userCodeOf } from './user-code.ts';

const TOKEN_PREFIX = 'lcf_';
const TOKEN_SHAPE = /^lcf_[A-Za-z0-9_-]{43}$/;

export type LinkDecision = 'link' | 'cancel';

export type DecidedLink = { decision: LinkDecision; userCode: string; tier: TierName | null; movedJobs: number };

type LinkServices = Pick<Services, 'db' | 'config' | 'secretKey'>;

/** A new confirmation token for the page about `ticketId`, answerable only by `sessionId`. */
export async function issueLinkConfirmation(s: LinkServices, ticketId: string, sessionId: string): Promise<string> {
  const token = newSecret(TOKEN_PREFIX);
  const [row] = await s.db
    .update(deviceLinkTickets)
    .set({
      confirmHash: hashSecret(token),
      confirmSessionId: sessionId,
      confirmExpiresAt: sql`now() + make_interval(secs => ${s.config.linkConfirmSeconds})`,
    })
    .where(and(eq(deviceLinkTickets.id, ticketId), isNull(deviceLinkTickets.usedAt), gt(deviceLinkTickets.expiresAt, sql`now()`)))
    .returning({ id: deviceLinkTickets.id });
  if (!row) throw new DomainError('bad_input', INVALID_TICKET);
  return token;
}

const spentConfirmation = () =>
  new DomainError('bad_input', 'This confirmation page is no longer valid (already answered, expired, or opened in another session). Start the link again from the device.');

/**
 * Answers a confirmation page: the session (cookie) must be the one the page
 * was made for. Spends the ticket either way; 'link' links its device to the
 * session's account in the same transaction (forbidden, and nothing spent,
 * when the device got linked to another account meanwhile).
 */
export async function decideDeviceLink(
  s: LinkServices,
  input: { sessionTokens: readonly string[]; token: string; decision: LinkDecision },
): Promise<DecidedLink> {
  const session = await authenticateAnySession(s, input.sessionTokens);
  if (!TOKEN_SHAPE.test(input.token)) throw spentConfirmation();
  return inTransaction(s.db, async (tx) => {
    const [ticket] = await tx
      .update(deviceLinkTickets)
      .set({ usedAt: sql`now()`, confirmHash: null })
      .where(
        and(
          eq(deviceLinkTickets.confirmHash, hashSecret(input.token)),
          eq(deviceLinkTickets.confirmSessionId, session.sessionId),
          isNull(deviceLinkTickets.usedAt),
          gt(deviceLinkTickets.confirmExpiresAt, sql`now()`),
        ),
      )
      .returning({ id: deviceLinkTickets.id, deviceId: deviceLinkTickets.deviceId });
    if (!ticket) throw spentConfirmation();
    const userCode = userCodeOf(s.secretKey, ticket.id);
    if (input.decision === 'cancel') return { decision: 'cancel', userCode, tier: null, movedJobs: 0 };
    const linked = await linkDevice(tx, s.config.tiers, ticket.deviceId, session.accountId, { userCodeHint: userCodeHint(userCode) });
    return { decision: 'link', userCode, tier: linked.tier, movedJobs: linked.movedJobs };
  });
}
