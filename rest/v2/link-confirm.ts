/**
 * POST /api/v2/account/link/confirm: the form of the "Link this device?"
 * page (http/html/link-confirm-page.ts). A browser page, so every answer is
 * a page, errors included. It changes state with a cookie, so it must come
 * from a page of this service: Origin (or Referer) one of the public origins,
 * and, when the browser says, Sec-Fetch-Site same-origin. Core checks the
 * session, the one-time token and the ticket (core/devices/link/).
 */
import { Router, type Request } from 'express';
import type { Services } from '../../core/context.ts';
import { decideDeviceLink, type LinkDecision } from '../../core/devices/link/confirm-device-link.ts';
import { DomainError } from '../../core/errors.ts';
import { assertSameOrigin, readCookie, SESSION_COOKIE } from '../../http/credentials/session-cookie.ts';
import { sendPage } from '../../http/html/html-page.ts';
import { htmlRoute, type Headings } from '../../http/html/html-route.ts';
import { LINK_CONFIRM_PATH, linkDecidedPage } from '../../http/html/link-confirm-page.ts';
import { readRawBody } from '../../http/read-raw-body.ts';

/** The form holds a token and a button's value. */
const FORM_BYTES = 4096;

const LINK_HEADINGS: Headings = {
  bad_input: 'The device was not linked',
  unauthenticated: 'Sign in first',
  forbidden: 'Not allowed',
  too_large: 'The device was not linked',
};

export function createLinkConfirmRouter(services: Services): Router {
  const r = Router();
  r.post(
    LINK_CONFIRM_PATH,
    htmlRoute(
      services.log,
      async (req, res) => {
        assertFromOwnPage(req, services);
        const sessionToken = readCookie(req, SESSION_COOKIE);
        if (sessionToken === undefined) {
          throw new DomainError('unauthenticated', 'This page needs the session you signed in with; start the link again from the device.');
        }
        const form = await readForm(req);
        const done = await decideDeviceLink(services, { sessionToken, token: form.token, decision: form.decision });
        sendPage(res, 200, linkDecidedPage(done));
      },
      LINK_HEADINGS,
    ),
  );
  return r;
}

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
