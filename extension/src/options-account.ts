/**
 * Linking this browser to an account: link/start gives the sign-in address
 * (and, where the service sends it, a user_code the sign-in page shows too);
 * the page opens in a tab, and the status is polled until the device is
 * linked. Afterwards the account's e-mail and plan show, with Unlink.
 */
import type { LinkStatus } from '../../client/index.ts';
import { service } from './device.ts';
import { byId } from './dom.ts';
import { errorInWords } from './error-words.ts';

const say = (text: string) => (byId('account-status').textContent = text);

/** How long the page waits for the sign-in to finish, and how often it looks. */
const LINK_WAIT_MS = 10 * 60_000;
const LINK_POLL_MS = 1500;

export function showLinkStatus(s: LinkStatus): void {
  byId('account-state').textContent = s.linked ? 'This browser is linked to an account.' : 'This browser converts anonymously.';
  byId('account-details').hidden = !s.linked;
  byId('account-email').textContent = s.email ?? '—';
  byId('account-tier').textContent = s.tier ?? '';
  byId('link').hidden = s.linked;
  byId('unlink').hidden = !s.linked;
  if (s.linked) byId('link-code-box').hidden = true;
}

export async function loadLinkStatus(): Promise<void> {
  try {
    showLinkStatus(await (await service()).account.getLinkStatus());
  } catch (error) {
    say(errorInWords(error));
  }
}

async function link(): Promise<void> {
  say('Starting…');
  try {
    const svc = await service();
    const start = await svc.account.startLink();
    if (start.user_code) {
      byId('link-code').textContent = start.user_code;
      byId('link-code-box').hidden = false;
    }
    await chrome.tabs.create({ url: start.login_url });
    say('Sign in on the page that opened. This page updates when you are done.');
    const deadline = Date.now() + LINK_WAIT_MS;
    while (Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, LINK_POLL_MS));
      const status = await svc.account.getLinkStatus();
      if (status.linked) {
        showLinkStatus(status);
        say('Linked.');
        return;
      }
    }
    say('The sign-in was not finished in time. Press Link to account to try again.');
  } catch (error) {
    say(errorInWords(error));
  }
}

async function unlink(): Promise<void> {
  try {
    showLinkStatus(await (await service()).account.unlink());
    say('Unlinked. This browser converts anonymously again.');
  } catch (error) {
    say(errorInWords(error));
  }
}

export function wireAccount(): void {
  byId('link').addEventListener('click', () => void link());
  byId('unlink').addEventListener('click', () => void unlink());
}
