import type { FinishedSignIn } from '../../core/sign-in/finish-sign-in.ts';
import { escapeHtml } from './escape-html.ts';
import type { Page } from './html-page.ts';

/** The callback's answer: who is signed in, whether a device was linked, and where to go next. */
export function signedInPage(done: Pick<FinishedSignIn, 'email' | 'linkedDevice'>): Page {
  const device = done.linkedDevice ? '\n<p>Your browser extension is now linked to this account. You can close this tab.</p>' : '';
  return {
    title: 'Signed in',
    main: `<h1>Signed in</h1>
<p role="status">You are signed in as <strong>${escapeHtml(done.email)}</strong>.</p>${device}
<p><a href="/account">Go to your account</a> to see your plan and usage and to manage API keys.</p>`,
  };
}
