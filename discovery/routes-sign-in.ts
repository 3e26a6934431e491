/**
 * The sign-in rows of the route table: the sign-in routes (browser pages),
 * sign-out, the account reads and the /account page. Page routes answer text/html, errors included (the spec:
 * "browser-facing auth endpoints answer errors as HTML pages").
 */
import { z } from 'zod';
import type { ZodOpenApiResponseObject } from 'zod-openapi';
import { getMe, getUsage } from '../core/operations.ts';
import { LogoutResult } from '../core/sign-in/sign-out.ts';
import { codesWithStatus } from './openapi-components.ts';
import type { RouteSpec } from './route-spec.ts';

const KEY_OR_SESSION = [['ApiKey'], ['Session']] as const;
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

/** The sign-in rows of the route table. */
export const SIGN_IN_ROUTES: readonly RouteSpec[] = [
  {
    method: 'get', path: '/api/v2/auth/idp/start', operations: [], operationId: 'sign_in_start', tag: 'auth', auth: 'none',
    summary: 'Start signing in',
    description: `${SIGN_IN} Redirects the browser to the identity provider. With \`ticket\` (from POST /api/v2/account/link/start) the callback asks the person to confirm the device link (nothing is linked by opening this address); the ticket is checked here first. Sets a short-lived HttpOnly cookie that ties the callback to this browser.`,
    success: 302,
    ok: { description: 'To the identity provider.', headers: z.object({ Location: z.string().meta({ description: 'The provider\'s authorization URL.' }) }) },
    errors: [400, 429, 503], errorResponse: pageError,
    request: { requestParams: { query: z.object({ ticket: z.string().optional().meta({ description: 'A one-time device-link ticket.' }) }) } },
  },
  {
    method: 'get', path: '/api/v2/auth/idp/callback', operations: [], operationId: 'sign_in_callback', tag: 'auth', auth: 'none',
    summary: 'Finish signing in (the provider sends the browser here)',
    description: `${SIGN_IN} Exchanges the code, creates the account of the verified e-mail or updates it (an account made by an anonymous purchase for that e-mail is claimed), ends any session the browser already had, and starts a new one (cookie p2m_session). The state works once. When the sign-in carried a device-link ticket, the page links nothing: it shows the device's user code, when the device registered and the jobs it holds, tells the person to link only a device in front of them showing that code, and offers **Link this device** and **Cancel**, a form posted to POST /api/v2/account/link/confirm with a one-time token bound to this session.`,
    success: 200,
    ok: { ...html('Signed in: a page naming the account, with a link to /account; with a link ticket, the confirmation page.'), headers: z.object({ 'Set-Cookie': z.string().meta({ description: 'p2m_session=…; HttpOnly; SameSite=Lax; Path=/ (and Secure over https).' }) }) },
    errors: [400, 403, 502, 503], errorResponse: pageError,
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
  {
    method: 'post', path: '/api/v2/account/link/confirm', operations: [], operationId: 'confirm_device_link', tag: 'account', auth: 'Session',
    summary: 'Answer the device-link confirmation page (HTML form)',
    description: 'The form of the page the sign-in callback shows for a device-link ticket. `decision=link` links the device to the session\'s account (its anonymous jobs move to the account); `decision=cancel` links nothing. Either way the ticket is spent. The token is single-use, bound to the ticket and to the session that signed in, and expires after P2M_LINK_CONFIRM_SECONDS. The request must come from a page of this service (Origin or Referer one of the public origins; Sec-Fetch-Site, when sent, same-origin). Every answer is an HTML page.',
    success: 200, ok: html('Linked, or not linked after Cancel.'),
    errors: [400, 401, 403, 413], errorResponse: (status) => html({ 400: 'An HTML page: the token is missing, used, expired, or from another session; or the form is malformed.', 401: 'An HTML page: no valid session.', 403: 'An HTML page: not posted from a page of this service, or the device is linked to another account.', 413: 'An HTML page: the form is too large.' }[status] ?? 'An HTML page.'),
    request: {
      requestBody: {
        required: true,
        content: { 'application/x-www-form-urlencoded': { schema: z.object({ token: z.string(), decision: z.enum(['link', 'cancel']) }) } },
      },
    },
  },
  {
    method: 'post', path: '/api/v2/auth/logout', operations: [], operationId: 'logout', tag: 'auth', auth: 'none',
    summary: 'Sign out',
    description: 'Ends the session of the p2m_session cookie, if any, and clears the cookie. A device\'s identity and its jobs are untouched. With a cookie, the request must come from a page of this service (Origin), else 403 and nothing ends.',
    success: 200, ok: { description: 'Signed out.', content: json(LogoutResult) }, errors: [403],
  },
  {
    method: 'get', path: '/api/v2/me', operations: [getMe], operationId: 'get_me', tag: 'account', auth: KEY_OR_SESSION,
    success: 200, ok: { description: 'The account.', content: json(getMe.output) }, errors: [401, 429],
  },
  {
    method: 'get', path: '/api/v2/usage', operations: [getUsage], operationId: 'get_usage', tag: 'account', auth: KEY_OR_SESSION,
    success: 200, ok: { description: 'Fair-use progress.', content: json(getUsage.output) }, errors: [401, 429],
  },
  {
    method: 'get', path: '/account', operations: [], operationId: 'account_page', tag: 'account', auth: 'none',
    summary: 'The account page (HTML)',
    description: 'For people, not programs: with a session, the account, its plan and usage, and its API keys (list, create with the secret shown once, revoke) through the JSON API; without one, a link to sign in.',
    success: 200, ok: html('The page.'), errors: [],
  },
];
