/**
 * The web session: cookie p2m_session → a session principal.
 *
 * A cookie rides along with every request the browser makes, including ones
 * a hostile page triggers, so a cookie-authenticated request that changes
 * state must come from one of our own origins (Origin, or Referer when a
 * browser sends no Origin); SameSite=Lax is the second fence. This check sits
 * here, in the credential, so no cookie route can forget it.
 */
import type { Request, Response } from 'express';
import type { Config } from '../../core/config.ts';
import { DomainError } from '../../core/errors.ts';
import { authenticateAnySession } from '../../core/sessions/authenticate-session.ts';
import type { PrincipalResolver } from './api-key-bearer.ts';

export const SESSION_COOKIE = 'p2m_session';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** The value of one cookie from the Cookie header (the first of that name), or undefined. */
export function readCookie(req: Request, name: string): string | undefined {
  return readCookies(req, name)[0];
}

/**
 * Every value of a cookie name, in header order. A browser sends several
 * cookies of one name when they differ in path or domain, and a sibling
 * subdomain can plant one (cookie tossing), so the first is not necessarily ours.
 */
export function readCookies(req: Request, name: string): string[] {
  const header = req.get('cookie');
  if (!header) return [];
  const values: string[] = [];
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) values.push(part.slice(eq + 1).trim());
  }
  return values;
}

/**
 * `Cookie: p2m_session=…` → the session's principal; unsafe methods only from
 * our own origins. With several p2m_session cookies the valid one counts, so a
 * planted cookie placed before ours cannot sign the person out.
 */
export const sessionCookie: PrincipalResolver = async (req, services) => {
  const tokens = readCookies(req, SESSION_COOKIE);
  if (tokens.length === 0) return null;
  if (!SAFE_METHODS.has(req.method)) assertSameOrigin(req, services.config);
  return authenticateAnySession(services, tokens);
};

/** Refuses a cookie-authenticated state change that does not come from a page of this service. */
export function assertSameOrigin(req: Request, config: Pick<Config, 'publicOrigins'>): void {
  const origin = req.get('origin') ?? originOfReferer(req.get('referer'));
  if (origin === undefined || !config.publicOrigins.includes(origin)) {
    throw new DomainError('forbidden', 'A signed-in change must come from a page of this service (Origin not allowed).');
  }
}

function originOfReferer(referer: string | undefined): string | undefined {
  if (!referer) return undefined;
  try {
    return new URL(referer).origin;
  } catch {
    return undefined;
  }
}

/** Sets the session cookie: never readable by scripts, sent on top-level navigations, Secure over https. */
export function setSessionCookie(req: Request, res: Response, token: string, expiresAt: Date): void {
  res.cookie(SESSION_COOKIE, token, { httpOnly: true, sameSite: 'lax', secure: req.secure, path: '/', expires: expiresAt });
}

/** Removes the session cookie from the browser. */
export function clearSessionCookie(req: Request, res: Response): void {
  res.clearCookie(SESSION_COOKIE, { httpOnly: true, sameSite: 'lax', secure: req.secure, path: '/' });
}
