/**
 * Device-link tickets are `lnk_` plus 32 random bytes (base64url). Like API
 * keys, only their SHA-256 is stored and lookups go by hash, so no ticket is
 * ever compared byte by byte.
 */
import { hashSecret, newSecret } from '../../crypto/hash-secret.ts';

export const LINK_TICKET_PREFIX = 'lnk_';
const TICKET_SHAPE = /^lnk_[A-Za-z0-9_-]{43}$/;

export const newLinkTicket = (): string => newSecret(LINK_TICKET_PREFIX);

/** The stored hash of a ticket, or null when the value cannot be a ticket at all. */
export const linkTicketHash = (ticket: string): string | null => (TICKET_SHAPE.test(ticket) ? hashSecret(ticket) : null);
