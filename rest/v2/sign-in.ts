/**
 * Sign-in through the OpenID provider and sign-out: the browser-facing
 * routes (start, callback) answer pages, errors included; logout answers
 * JSON. Core does the work (core/sign-in/, core/sessions/); these only move
 * cookies and addresses.
 */
import { z } from 'zod';
import type { ZodOpenApiResponseObject } from 'zod-openapi';
import { DomainError } from '../../core/errors.ts';
import { finishSignInOp } from '../../core/sign-in/finish-sign-in.ts';
import { LogoutResult, signOutOp } from '../../core/sign-in/sign-out.ts';
import { CALLBACK_PATH, startSignInOp } from '../../core/sign-in/start-sign-in.ts';
import { assertSameOrigin, clearSessionCookie, readCookies, SESSION_COOKIE, setSessionCookie } from '../../http/credentials/session-cookie.ts';
import { sendPage } from '../../http/html/html-page.ts';
import { signedInPage } from '../../http/html/signed-in-page.ts';
import { codesWithStatus } from '../../http/openapi-components.ts';
import type { Route } from '../../http/route.ts';
import { defineRoute } from '../define-route.ts';
import { publicOriginOf } from '../../http/public-origin.ts';
import { clearSignInBinding, setSignInBinding, signInBindingOf } from '../../http/sign-in-binding.ts';

export const START_PATH = '/api/v2/auth/idp/start';
export const LOGOUT_PATH = '/api/v2/auth/logout';

const json = (schema: z.ZodType) => ({ 'application/json': { schema } });
const html = (description: string): ZodOpenApiResponseObject => ({ description, content: { 'text/html': { schema: z.string() } } });

const PAGE_ERRORS: Record<number, string> = {
  400: 'An HTML page: the state, code or device-link ticket is invalid, expired or already used, the browser is not the one that started the sign-in, the provider refused, or it gave no verified e-mail.',
  403: 'An HTML page: the device of the link ticket is linked to another account (no session is started).',
  429: 'An HTML page: too many sign-ins started from this address (Retry-After).',
  502: 'An HTML page: the token exchange with the identity provider failed.',
  503: 'An HTML page: sign-in is not configured, or the identity provider cannot be reached.',
};

/** Errors of a page route: HTML with the code named on the page. */
const pageError = (status: number): ZodOpenApiResponseObject =>
  html(`${PAGE_ERRORS[status] ?? 'An HTML page.'} Codes: ${codesWithStatus(status).map((c) => `\`${c}\``).join(', ')}.`);

const SIGN_IN = 'Sign-in uses OpenID Connect (authorization code with PKCE, state and nonce). The redirect_uri is `<origin>/api/v2/auth/idp/callback` under the public origin the request came in on (P2M_PUBLIC_ORIGINS; any other host gets the first one), so each public origin must be registered with the provider.';

/** The sign-in routes: the browser-facing pages (start, callback) and logout. */
export const SIGN_IN_ROUTES: readonly Route[] = [
  defineRoute({
    method: 'get', path: START_PATH, auth: 'none', operation: startSignInOp, statuses: [400, 429, 503], failuresAs: 'page',
    mapRequest: (req, services) => {
      const ticket = req.query.ticket;
      if (ticket !== undefined && typeof ticket !== 'string') throw new DomainError('bad_input', 'Send one ticket.');
      return { origin: publicOriginOf(req, services.config), ticket };
    },
    reply: (res, started) => {
      setSignInBinding(res.req, res, started.binding, started.ttlSeconds);
      res.set('Cache-Control', 'no-store').redirect(302, started.authorizationUrl);
    },
    openapi: {
      operationId: 'sign_in_start', tag: 'auth',
      summary: 'Start signing in',
      description: `${SIGN_IN} Redirects the browser to the identity provider. With \`ticket\` (from POST /api/v2/account/link/start) the callback asks the person to confirm the device link (nothing is linked by opening this address); the ticket is checked here first. Sets a short-lived HttpOnly cookie that ties the callback to this browser.`,
      success: 302,
      ok: { description: 'To the identity provider.', headers: z.object({ Location: z.string().meta({ description: 'The provider\'s authorization URL.' }) }) },
      errorResponse: pageError,
      request: { requestParams: { query: z.object({ ticket: z.string().optional().meta({ description: 'A one-time device-link ticket.' }) }) } },
    },
  }),
  defineRoute({
    method: 'get', path: CALLBACK_PATH, auth: 'none', operation: finishSignInOp, statuses: [400, 403, 502, 503], failuresAs: 'page',
    mapRequest: (req) => {
      // Used once whatever happens next.
      clearSignInBinding(req, req.res!);
      return {
        query: req.originalUrl.split('?')[1] ?? '',
        binding: signInBindingOf(req),
        previous_session_tokens: readCookies(req, SESSION_COOKIE),
      };
    },
    reply: (res, done) => {
      setSessionCookie(res.req, res, done.session.token, done.session.expiresAt);
      // With a link ticket this is the "Link this device?" page: nothing is linked until its form is posted.
      sendPage(res, 200, signedInPage(done));
    },
    openapi: {
      operationId: 'sign_in_callback', tag: 'auth',
      summary: 'Finish signing in (the provider sends the browser here)',
      description: `${SIGN_IN} Exchanges the code, creates the account of the verified e-mail or updates it (an account made by an anonymous purchase for that e-mail is claimed), ends any session the browser already had, and starts a new one (cookie p2m_session). The state works once. When the sign-in carried a device-link ticket, the page links nothing: it shows the device's user code, when the device registered and the jobs it holds, tells the person to link only a device in front of them showing that code, and offers **Link this device** and **Cancel**, a form posted to POST /api/v2/account/link/confirm with a one-time token bound to this session.`,
      success: 200,
      ok: { ...html('Signed in: a page naming the account, with a link to /account; with a link ticket, the confirmation page.'), headers: z.object({ 'Set-Cookie': z.string().meta({ description: 'p2m_session=…; HttpOnly; SameSite=Lax; Path=/ (and Secure over https).' }) }) },
      errorResponse: pageError,
      request: {
        requestParams: {
          query: z.object({
            code: z.string().optional(),
            state: z.string().optional(),
            error: z.string().optional().meta({ description: 'Set by the provider when it did not sign the person in.' }),
          }),
        },
      },
    },
  }),
  defineRoute({
    method: 'post', path: LOGOUT_PATH, auth: 'none', operation: signOutOp, statuses: [403],
    mapRequest: (req, services) => {
      const tokens = readCookies(req, SESSION_COOKIE);
      // A cookie is a credential: ending its session is a signed-in change, so it must come from our own pages.
      if (tokens.length > 0) assertSameOrigin(req, services.config);
      return { session_tokens: tokens };
    },
    reply: (res, result) => {
      clearSessionCookie(res.req, res);
      res.set('Cache-Control', 'no-store').json(result);
    },
    openapi: {
      operationId: 'logout', tag: 'auth',
      summary: 'Sign out',
      description: 'Ends the session of the p2m_session cookie, if any, and clears the cookie. A device\'s identity and its jobs are untouched. With a cookie, the request must come from a page of this service (Origin), else 403 and nothing ends.',
      success: 200, ok: { description: 'Signed out.', content: json(LogoutResult) },
    },
  }),
];
