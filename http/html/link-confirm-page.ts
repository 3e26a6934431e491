/**
 * The pages of a device link (RFC 8628 §5.4, remote phishing): after sign-in
 * with a link ticket the person sees the code the device should be showing,
 * what the device is, and two buttons. Only the POST of this form, with its
 * one-time token and the session's cookie, links anything.
 */
import type { DecidedLink } from '../../core/devices/link/confirm-device-link.ts';
import type { PendingLink } from '../../core/sign-in/finish-sign-in.ts';
import { escapeHtml } from './escape-html.ts';
import type { Page } from './html-page.ts';

export const LINK_CONFIRM_PATH = '/api/v2/account/link/confirm';

const when = (d: Date) => `<time datetime="${escapeHtml(d.toISOString())}">${escapeHtml(d.toISOString().slice(0, 16).replace('T', ' '))} UTC</time>`;

function jobsText(jobs: PendingLink['preview']['jobs']): string {
  if (jobs.total === 0) return 'none';
  const active = jobs.active > 0 ? ` (${jobs.active} still converting)` : '';
  return `${jobs.total} conversion job${jobs.total === 1 ? '' : 's'}${active}; they move to your account and use its plan and slots`;
}

/** "Link this device?" — or, for a device already linked to this account, a page saying so. */
export function linkConfirmPage(email: string, pending: PendingLink): Page {
  const { preview, token } = pending;
  const signedIn = `<p>You are signed in as <strong>${escapeHtml(email)}</strong>.</p>`;
  if (token === null) {
    return {
      title: 'Device already linked',
      main: `<h1>Device already linked</h1>\n${signedIn}\n<p role="status">The device showing <strong class="code">${escapeHtml(preview.userCode)}</strong> is already linked to this account; nothing changed.</p>\n<p><a href="/account">Go to your account</a></p>`,
    };
  }
  return {
    title: 'Link this device?',
    referrerPolicy: 'same-origin',
    main: `<h1>Link a device to your account?</h1>
${signedIn}
<p class="error" role="alert"><strong>Link only a device that is in front of you and shows this same code.</strong> If you did not start linking a device yourself just now, or the codes differ, press Cancel: someone may be trying to get into your account.</p>
<dl>
<dt>Code the device shows</dt><dd><strong class="code" id="user-code">${escapeHtml(preview.userCode)}</strong></dd>
<dt>Device registered</dt><dd>${when(preview.registeredAt)}</dd>
<dt>Jobs it holds</dt><dd id="device-jobs">${escapeHtml(jobsText(preview.jobs))}</dd>
</dl>
<p>A linked device converts on your plan and can create API keys, manage webhooks and read the jobs it makes. You can unlink it at any time on <a href="/account">your account page</a>.</p>
<form method="post" action="${LINK_CONFIRM_PATH}">
<input type="hidden" name="token" value="${escapeHtml(token)}">
<button type="submit" name="decision" value="link">Link this device</button>
<button type="submit" name="decision" value="cancel">Cancel</button>
</form>`,
  };
}

/** The answer to the form. */
export function linkDecidedPage(done: DecidedLink): Page {
  const code = `<strong class="code">${escapeHtml(done.userCode)}</strong>`;
  if (done.decision === 'cancel') {
    return {
      title: 'Device not linked',
      main: `<h1>Device not linked</h1>\n<p role="status">The device showing ${code} was not linked, and its link request is spent. To link it after all, start again from the device.</p>\n<p><a href="/account">Go to your account</a></p>`,
    };
  }
  const moved = done.movedJobs > 0 ? ` Its ${done.movedJobs} job${done.movedJobs === 1 ? '' : 's'} moved to your account.` : '';
  return {
    title: 'Device linked',
    main: `<h1>Device linked</h1>\n<p role="status">The device showing ${code} is now linked to this account.${escapeHtml(moved)} You can close this tab.</p>\n<p><a href="/account">Go to your account</a> to see your devices, or to unlink this one.</p>`,
  };
}
