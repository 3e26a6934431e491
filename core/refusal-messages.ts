/**
 * What a refused call tells a person: the action in words (the operation's
 * title, never its internal name), why, and what to do instead; and input
 * problems as `field: problem` lines, not a validation library's dump.
 */
import type { z } from 'zod';
import type { PrincipalKind } from './principal.ts';

const CREDENTIAL: Record<PrincipalKind, string> = {
  api_key: 'an API key (Authorization: Bearer p2m_…; create one at /account or with `npx p2m keys create`)',
  session: 'a web session (sign in at /account)',
  device: 'a device-signed request (a linked device for account actions)',
  upload_ticket: 'an upload ticket (Upload-Ticket, minted by a linked device)',
  anonymous: 'no credential',
};

const CALLER: Record<PrincipalKind, string> = {
  api_key: 'an API key',
  session: 'a web session',
  device: 'a device',
  upload_ticket: 'an upload ticket',
  anonymous: 'no credential',
};

/** Why `title` cannot be done with the caller's credential, and which credentials can do it. */
export function wrongCredentialMessage(title: string, actors: readonly PrincipalKind[], caller: PrincipalKind): string {
  const ways = actors.map((a) => CREDENTIAL[a]);
  const list = ways.length <= 1 ? (ways[0] ?? 'another credential') : `${ways.slice(0, -1).join(', ')} or ${ways.at(-1)!}`;
  return `${sentence(title)} cannot be done with ${CALLER[caller]}; use ${list}.`;
}

const sentence = (title: string) => (title.length > 0 ? `"${title}"` : 'This');

/** `items[1].url` from a zod issue path. */
export function fieldPath(path: readonly PropertyKey[]): string {
  return path.reduce<string>((out, key) => (typeof key === 'number' ? `${out}[${key}]` : out === '' ? String(key) : `${out}.${String(key)}`), '');
}

/** Most input problems listed in one message. */
const MAX_PROBLEMS = 5;

/** An input error as `field: problem; …` (at most five), the way a person fixes it. */
export function inputProblems(error: z.ZodError): string {
  const lines = error.issues.slice(0, MAX_PROBLEMS).map((i) => {
    const at = fieldPath(i.path);
    return at === '' ? i.message : `${at}: ${i.message}`;
  });
  const more = error.issues.length > MAX_PROBLEMS ? ` (and ${error.issues.length - MAX_PROBLEMS} more)` : '';
  return `Invalid input: ${lines.join('; ')}${more}.`;
}
