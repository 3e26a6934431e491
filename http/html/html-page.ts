/**
 * The service's few HTML pages (sign-in results, /account): one layout and
 * one way to send them. No build step and nothing from elsewhere: the style
 * and a page's script are inline, allowed by a per-response nonce in a strict
 * Content-Security-Policy, so an injected tag could run nothing even if an
 * escape were missed.
 */
import { randomBytes } from 'node:crypto';
import type { Response } from 'express';
import { escapeHtml } from './escape-html.ts';
import { PAGE_STYLE } from './page-style.ts';

export type Page = {
  title: string;
  /** The <main> content, already escaped HTML. */
  main: string;
  /** JavaScript run by the page (not escaped: source code of the service, never input). */
  script?: string;
  /** More CSS after the shared stylesheet (source code of the service, never input). */
  style?: string;
  /**
   * Default no-referrer. A page whose form posts to this service needs
   * same-origin: under no-referrer a browser sends `Origin: null` with a form
   * POST, which the CSRF check must refuse.
   */
  referrerPolicy?: 'no-referrer' | 'same-origin';
};

/** A page as HTML with its nonce placed; the same nonce must go in the response's CSP. */
export function renderPage(page: Page, nonce: string): string {
  const script = page.script ? `\n<script nonce="${nonce}">${page.script}</script>` : '';
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="${page.referrerPolicy ?? 'no-referrer'}">
<link rel="icon" href="data:,">
<title>${escapeHtml(page.title)} · p2m</title>
<style nonce="${nonce}">${PAGE_STYLE}${page.style ?? ''}</style>
</head>
<body>
<header><p class="brand"><a href="/account">p2m</a></p></header>
<main id="main">
${page.main}
</main>${script}
</body>
</html>
`;
}

/** The policy of every page: own origin only for fetches, nothing framed, nothing inline without the nonce. */
export function contentSecurityPolicy(nonce: string): string {
  return [
    "default-src 'none'",
    `style-src 'nonce-${nonce}'`,
    `script-src 'nonce-${nonce}'`,
    "connect-src 'self'",
    // data: only for the empty icon, which spares the browser a request for /favicon.ico.
    "img-src 'self' data:",
    "form-action 'self'",
    "base-uri 'none'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/**
 * Sends a page with its status, never cached (it may name the signed-in
 * person), never framed, and without a Referer to the next site (the
 * callback's address holds a code).
 */
export function sendPage(res: Response, status: number, page: Page): void {
  const nonce = randomBytes(16).toString('base64');
  res
    .status(status)
    .set({
      'Content-Type': 'text/html; charset=utf-8',
      'Content-Security-Policy': contentSecurityPolicy(nonce),
      'Cache-Control': 'no-store',
      'Referrer-Policy': page.referrerPolicy ?? 'no-referrer',
      'X-Content-Type-Options': 'nosniff',
      'X-Frame-Options': 'DENY',
    })
    .send(renderPage(page, nonce));
}
