/**
 * Sign-in through the OpenID provider and sign-out: the browser-facing
 * routes (start, callback) answer pages, errors included; logout answers
 * JSON. Core does the work (core/sign-in/, core/sessions/); these only move
 * cookies and addresses.
 */
import { Router } from 'express';
import type { Services } from '../../core/context.ts';
import { DomainError } from '../../core/errors.ts';
import { finishSignIn } from '../../core/sign-in/finish-sign-in.ts';
import { signOut } from '../../core/sign-in/sign-out.ts';
import { CALLBACK_PATH, startSignIn } from '../../core/sign-in/start-sign-in.ts';
import { assertSameOrigin, clearSessionCookie, readCookie, readCookies, SESSION_COOKIE, setSessionCookie } from '../../http/credentials/session-cookie.ts';
import { htmlRoute } from '../../http/html/html-route.ts';
import { sendPage } from '../../http/html/html-page.ts';
import { signedInPage } from '../../http/html/signed-in-page.ts';
import { publicOriginOf } from '../../http/public-origin.ts';
import { clearSignInBinding, setSignInBinding, signInBindingOf } from '../../http/sign-in-binding.ts';

export const START_PATH = '/api/v2/auth/idp/start';
export const LOGOUT_PATH = '/api/v2/auth/logout';

export function createSignInRouter(services: Services): Router {
  const r = Router();
  r.get(
    START_PATH,
    htmlRoute(services.log, async (req, res) => {
      const ticket = req.query.ticket;
      if (ticket !== undefined && typeof ticket !== 'string') throw new DomainError('bad_input', 'Send one ticket.');
      const started = await startSignIn(services, { origin: publicOriginOf(req, services.config), clientIp: req.ip ?? '', ticket });
      setSignInBinding(req, res, started.binding, started.ttlSeconds);
      res.set('Cache-Control', 'no-store').redirect(302, started.authorizationUrl);
    }),
  );
  r.get(
    CALLBACK_PATH,
    htmlRoute(services.log, async (req, res) => {
      // Used once whatever happens next.
      clearSignInBinding(req, res);
      const done = await finishSignIn(services, {
        query: new URLSearchParams(req.originalUrl.split('?')[1] ?? ''),
        binding: signInBindingOf(req),
        previousSessionToken: readCookie(req, SESSION_COOKIE),
      });
      setSessionCookie(req, res, done.session.token, done.session.expiresAt);
      sendPage(res, 200, signedInPage(done));
    }),
  );
  r.post(LOGOUT_PATH, async (req, res) => {
    const tokens = readCookies(req, SESSION_COOKIE);
    // A cookie is a credential: ending its session is a signed-in change, so it must come from our own pages.
    if (tokens.length > 0) assertSameOrigin(req, services.config);
    const result = await signOut(services.db, tokens);
    clearSessionCookie(req, res);
    res.set('Cache-Control', 'no-store').json(result);
  });
  return r;
}
