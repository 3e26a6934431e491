/**
 * Upload tickets are `upt_` plus 32 random bytes (base64url), sent in the
 * Upload-Ticket header. Only their SHA-256 is stored; lookups go by hash.
 */
import { hashSecret, newSecret } from '../../crypto/hash-secret.ts';

export const UPLOAD_TICKET_PREFIX = 'upt_';
const TICKET_SHAPE = /^upt_[A-Za-z0-9_-]{43}$/;

export const newUploadTicket = (): string => newSecret(UPLOAD_TICKET_PREFIX);

/** The stored hash of a ticket, or null when the value cannot be a ticket at all. */
export const uploadTicketHash = (ticket: string): string | null => (TICKET_SHAPE.test(ticket) ? hashSecret(ticket) : null);
