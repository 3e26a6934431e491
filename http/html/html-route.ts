import type { Request, RequestHandler, Response } from 'express';
import type { Logger } from 'pino';
import { STATUS, type DomainError } from '../../core/errors.ts';
import '../request-types.ts';
import { toDomainError } from '../to-domain-error.ts';
import { escapeHtml } from './escape-html.ts';
import { sendPage } from './html-page.ts';

export type Headings = Partial<Record<DomainError['code'], string>>;

const HEADINGS: Headings = {
  bad_input: 'Sign-in did not work',
  not_configured: 'Sign-in is not available',
  idp_unavailable: 'Sign-in is not available right now',
  idp_error: 'The identity provider failed',
  forbidden: 'Not allowed',
  rate_limited: 'Too many attempts',
};

/**
 * A route a person's browser opens (spec: "browser-facing auth endpoints
 * answer errors as HTML pages"): any failure becomes a page with the status
 * of core's table, the domain message, and the request id to quote; internal
 * errors are logged and shown without detail.
 */
export function htmlRoute(log: Logger, handle: (req: Request, res: Response) => Promise<void>, headings: Headings = {}): RequestHandler {
  return async (req, res) => {
    try {
      await handle(req, res);
    } catch (err) {
      const e = toDomainError(err);
      if (e.code === 'internal') log.error({ err, request_id: req.requestId }, 'page failed');
      if (e.retryAfter !== undefined) res.setHeader('Retry-After', String(e.retryAfter));
      sendErrorPage(res, e, req.requestId, headings);
    }
  };
}

/** The page of a refused browser request. */
export function sendErrorPage(res: Response, e: DomainError, requestId: string, headings: Headings = {}): void {
  const heading = headings[e.code] ?? HEADINGS[e.code] ?? 'Something went wrong';
  sendPage(res, STATUS[e.code], {
    title: heading,
    main: `<h1>${escapeHtml(heading)}</h1>
<p class="error" role="alert">${escapeHtml(e.message)}</p>
<p><a href="/api/v2/auth/idp/start">Sign in again</a> · <a href="/account">Your account</a></p>
<p><small>Error <code>${escapeHtml(e.code)}</code>, request <code>${escapeHtml(requestId)}</code>.</small></p>`,
  });
}
