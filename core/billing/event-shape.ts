/**
 * What a validly signed provider event must look like before it reaches the
 * database. The signature proves the event came from the provider, not that
 * every field fits our columns: PostgreSQL text cannot hold a NUL, and an
 * account id that is not a UUID cannot be compared with one. Such an event
 * must not answer 500 (the provider would retry it for days): an id we cannot
 * record is refused with 400, and an event whose body we cannot use is
 * recorded and ignored.
 */

/** Longest event id recorded; the provider's are about 30 characters. */
const MAX_EVENT_ID = 255;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** True when `v` holds a string with a NUL anywhere inside (objects and arrays searched). */
export function holdsNul(v: unknown, depth = 0): boolean {
  if (typeof v === 'string') return v.includes('\u0000');
  if (depth > 32 || v === null || typeof v !== 'object') return false;
  const values = Array.isArray(v) ? v : Object.entries(v).flat();
  return values.some((x) => holdsNul(x, depth + 1));
}

/** Whether an event id can be recorded (its idempotency record is the point of receiving it). */
export const recordableEventId = (id: unknown): id is string =>
  typeof id === 'string' && id.length > 0 && id.length <= MAX_EVENT_ID && !id.includes('\u0000');

/** The p2m_account_id metadata when it is a UUID; anything else names no account. */
export const accountIdFromMetadata = (v: unknown): string | undefined => (typeof v === 'string' && UUID.test(v) ? v.toLowerCase() : undefined);
