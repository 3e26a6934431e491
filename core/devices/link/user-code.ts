/**
 * The code a person compares (RFC 8628 §6.1): the device shows it after
 * link/start, and the confirmation page shows it again next to "Link this
 * device". Eight characters from the twenty consonants of RFC 8628's
 * example alphabet (no vowels, so no words; no 0/O or 1/I to confuse),
 * shown as ABCD-EFGH: about 34.6 bits.
 *
 * Nothing is stored: the code is an HMAC of the ticket row's id under the
 * server key, so only the service can compute it, and the ticket row (whose
 * token is hashed) is the one place it hangs from.
 */
import { createHmac } from 'node:crypto';

const ALPHABET = 'BCDFGHJKLMNPQRSTVWXZ';
const LENGTH = 8;
const DOMAIN = 'p2m device-link user code v1\0';

/** The user code of a link ticket row, formatted ABCD-EFGH. */
export function userCodeOf(secretKey: Buffer, ticketId: string): string {
  const mac = createHmac('sha256', secretKey).update(DOMAIN).update(ticketId).digest();
  let code = '';
  // Two bytes per character: the modulo bias over 65,536 values is below 0.03 %.
  for (let i = 0; i < LENGTH; i++) code += ALPHABET[mac.readUInt16BE(i * 2) % ALPHABET.length];
  return `${code.slice(0, 4)}-${code.slice(4)}`;
}

/** What the device list keeps of a code once the device is linked: its first half. */
export const userCodeHint = (userCode: string): string => userCode.slice(0, 4);
