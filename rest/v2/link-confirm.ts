/**
 * POST /api/v2/account/link/confirm: the form of the "Link this device?"
 * page (http/html/link-confirm-page.ts). A browser page, so every answer is
 * a page, errors included. It changes state with a cookie, so it must come
 * from a page of this service: Origin (or Referer) one of the public origins,
 * and, when the browser says, Sec-Fetch-Site same-origin. Core checks the
 * session, the one-time token and the ticket (core/devices/link/).
 */
import type { Request } from 'express';
import { z } from 'zod';
import type { ZodOpenApiResponseObject } from 'zod-openapi';
import type { Services } from '../../core/context.ts';
import { decideDeviceLink, type LinkDecision } from '../../core/devices/link/confirm-device-link.ts';
import { DomainError } from '../../core/errors.ts';
import { assertSameOrigin, readCookies, SESSION_COOKIE } from '../../http/credentials/session-cookie.ts';
import { sendPage } from '../../http/html/html-page.ts';
import { htmlRoute, type Headings } from '../../http/html/html-route.ts';
import { LINK_CONFIRM_PATH, linkDecidedPage } from '../../http/html/link-confirm-page.ts';
import { readRawBody } from '../../http/read-raw-body.ts';
import type { Route } from '../../http/route.ts';
import { defineHandlerRoute } from '../define-route.ts';

/** The form holds a token and a button's value. */
const FORM_BYTES = 4096;

const LINK_HEADINGS: Headings = {
  bad_input: 'The device was not linked',
  unauthenticated: 'Sign in first',
  forbidden: 'Not allowed',
  too_large: 'The device was not linked',
};

const html = (description: string): ZodOpenApiResponseObject => ({ description, content: { 'text/html': { schema: z.string() } } });

const PAGE_ERRORS: Record<number, string> = {
  400: 'An HTML page: the token is missing, used, expired, or of another session; or the form is malformed.',
  401: 'An HTML page: no valid session.',
  403: 'An HTML page: not posted from a page of this service, or the device is linked to another account.',
  413: 'An HTML page: the form is too large.',
};

/**
 * POST /api/v2/account/link/confirm. Its auth is the session cookie, checked
 * by the handler (core authenticates it), so that a refusal is a page like
 * every other answer: the record says 'none' to the gateway for that reason.
 */
export const LINK_CONFIRM_ROUTE: Route = defineHandlerRoute({
  method: 'post', path: LINK_CONFIRM_PATH, auth: 'none', operations: [], statuses: [400, 401, 403, 413],
  handler: (services) =>
    htmlRoute(
      services.log,
      async (req, res) => {
        assertFromOwnPage(req, services);
        const sessionTokens = readCookies(req, SESSION_COOKIE);
        if (sessionTokens.length === 0) {
          throw new DomainError('unauthenticated', 'This page needs the session you signed in with; start the link again from the device.');
        }
        const form = await readForm(req);
        const done = await decideDeviceLink(services, { sessionTokens, token: form.token, decision: form.decision });
        sendPage(res, 200, linkDecidedPage(done));
      },
      LINK_HEADINGS,
    ),
  openapi: {
    operationId: 'confirm_device_link', tag: 'account',
    summary: 'Answer the device-link confirmation page (HTML form)',
    description:
      "The form of the page the sign-in callback shows for a device-link ticket; needs the session cookie of that sign-in. `decision=link` links the device to the session's account (its anonymous jobs move to the account); `decision=cancel` links nothing. Either way the ticket is spent. The token is single-use, bound to the ticket and to the session that signed in, stored only as a hash, and expires after P2M_LINK_CONFIRM_SECONDS. The request must come from a page of this service (Origin or Referer one of the public origins; Sec-Fetch-Site, when sent, same-origin). Every answer is an HTML page.",
    success: 200,
    ok: html('Linked, or not linked after Cancel.'),
    errorResponse: (status) => html(PAGE_ERRORS[status] ?? 'An HTML page.'),
    request: {
      requestBody: {
        required: true,
        content: { 'application/x-www-form-urlencoded': { schema: z.object({ token: z.string(), decision: z.enum(['link', 'cancel']) }) } },
      },
    },
  },
});

function assertFromOwnPage(req: Request, services: Services): void {
  assertSameOrigin(req, services.config);
  const site = req.get('sec-fetch-site');
  if (site !== undefined && site !== 'same-origin') {
    throw new DomainError('forbidden', 'A device can be linked only from the confirmation page of this service.');
  }
}

async function readForm(req: Request): Promise<{ token: string; decision: LinkDecision }> {
  if (req.is('application/x-www-form-urlencoded') !== 'application/x-www-form-urlencoded') {
    throw new DomainError('bad_input', 'Answer with the buttons of the confirmation page.');
  }
  const form = new URLSearchParams(Buffer.from(await readRawBody(req, FORM_BYTES)).toString('utf8'));
  const decision = form.get('decision');
  const token = form.get('token');
  if ((decision !== 'link' && decision !== 'cancel') || token === null || form.getAll('token').length !== 1) {
    throw new DomainError('bad_input', 'Answer with the buttons of the confirmation page: Link this device, or Cancel.');
  }
  return { token, decision };
}
