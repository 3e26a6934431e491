import type { FinishedSignIn } from '../../core/sign-in/finish-sign-in.ts';
import { escapeHtml } from './escape-html.ts';
import type { Page } from './html-page.ts';
import { linkConfirmPage } from './link-confirm-page.ts';

/** The callback's answer: who is signed in and where to go next; with a device asking to be linked, the page that asks. */
export function signedInPage(done: Pick<FinishedSignIn, 'email' | 'pendingLink'>): Page {
  if (done.pendingLink !== null) return linkConfirmPage(done.email, done.pendingLink);
  return {
    title: 'Signed in',
    main: `<h1>Signed in</h1>
<p role="status">You are signed in as <strong>${escapeHtml(done.email)}</strong>.</p>
<p><a href="/account">Go to your account</a> to see your plan and usage and to manage API keys.</p>`,
  };
}
