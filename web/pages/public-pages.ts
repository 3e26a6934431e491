/** The account pages' answers that need no session: signed out, and the two checkout returns. */
import { escapeHtml } from '../../http/html/escape-html.ts';
import type { Page } from '../../http/html/html-page.ts';
import { DASHBOARD_STYLE } from './dashboard-style.ts';
import { developerLinks } from './dashboard-shell.ts';

export const SIGN_IN_PATH = '/api/v2/auth/idp/start';

/** The page for a browser with no valid session. */
export function signedOutPage(origin: string): Page {
  return {
    title: 'Your account',
    style: DASHBOARD_STYLE,
    main: `<h1>Your account</h1>
<p>You are not signed in.</p>
<p><a href="${SIGN_IN_PATH}">Sign in</a> to see your jobs, usage and plan, and to manage API keys, devices and webhooks.</p>
${developerLinks(origin)}`,
  };
}

/** Where checkout sends the buyer after paying. The plan changes when the provider's event arrives, not on this visit. */
export function checkoutSucceededPage(signedIn: { tier: string } | null, origin: string): Page {
  const next = signedIn
    ? `<p>Your plan right now: <strong id="plan-now">${escapeHtml(signedIn.tier)}</strong>. If it does not show the new plan yet, reload <a href="/account/plan">your plan</a> in a minute.</p>
<p><a href="/account">Go to your account</a></p>`
    : `<p>Sign in with the e-mail address you bought with, and the plan is yours.</p>
<p><a href="${SIGN_IN_PATH}">Sign in</a></p>`;
  return {
    title: 'Thank you',
    style: DASHBOARD_STYLE,
    main: `<h1>Thank you</h1>
<p role="status">The checkout is complete. Your plan changes as soon as the payment provider confirms the payment to us, usually within a few seconds.</p>
${next}
${developerLinks(origin)}`,
  };
}

/** Where checkout sends a buyer who went back without paying. */
export function checkoutCanceledPage(origin: string): Page {
  return {
    title: 'Checkout canceled',
    style: DASHBOARD_STYLE,
    main: `<h1>Checkout canceled</h1>
<p role="status">You left the checkout before paying: nothing was charged and your plan has not changed.</p>
<p><a href="/account/plan">Back to the plans</a> · <a href="/account">Your account</a></p>
${developerLinks(origin)}`,
  };
}
