/**
 * "Device and Session" (POST /api/v2/account/link/attach): a device-signed
 * request that also carries the web session cookie. deviceAuth checks the
 * signature and sets req.principal; the session token is handed to core,
 * which authenticates it (sessionTokensOf; the valid one of several cookies counts). The session credential's
 * same-origin rule is not applied, because the extension's own origin is not
 * one of ours; what holds instead: the gateway (http/origin-check.ts) refuses
 * any foreign *web* Origin, a page cannot send the signature headers
 * cross-origin without a CORS preflight this service never answers, and the
 * signature proves the key holder made the request. So only the device's own
 * code, running where the person's cookie is, can attach (tested in
 * test/integration/sign-in/device-link-consent.test.ts).
 */
import type { Request, RequestHandler } from 'express';
import { DomainError } from '../../core/errors.ts';
import type { Runtime } from '../../core/runtime.ts';
import { challengeDevice, deviceAuth } from './device-signature.ts';
import { readCookie, readCookies, SESSION_COOKIE } from './session-cookie.ts';

/** deviceAuth, then 401 unless the request also carries a session cookie. */
export function deviceAndSession(runtime: Runtime): RequestHandler[] {
  const requireSession: RequestHandler = (req, res, next) => {
    if (readCookie(req, SESSION_COOKIE) === undefined) {
      challengeDevice(res, new DomainError('unauthenticated', 'Sign in first: this request needs the device signature and the web session.'));
    }
    next();
  };
  return [deviceAuth(runtime), requireSession];
}

/** The session cookies of a request that passed deviceAndSession (core takes the valid one). */
export const sessionTokensOf = (req: Request): string[] => readCookies(req, SESSION_COOKIE);
