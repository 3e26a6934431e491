/**
 * "Convert to Markdown" on links to PDFs. The conversion runs in the service
 * worker, is added to the popup's recent jobs, and ends in a notification.
 */
import { convertLink } from './convert.ts';
import { service } from './device.ts';
import { errorInWords } from './error-words.ts';
import { readPdf } from './read-pdf.ts';

export const MENU_ID = 'p2m-convert-link';

/** Links that look like PDFs: a .pdf path (any query) or a /pdf/ path segment (arXiv and the like). */
export const PDF_LINK_PATTERNS = ['*://*/*.pdf', '*://*/*.pdf?*', '*://*/*.PDF', '*://*/*.PDF?*', '*://*/pdf/*', 'file:///*.pdf'];

export function createMenu(): void {
  chrome.contextMenus.removeAll(() => {
    chrome.contextMenus.create({ id: MENU_ID, title: 'Convert to Markdown', contexts: ['link'], targetUrlPatterns: PDF_LINK_PATTERNS });
  });
}

/** What a menu conversion ended in; the notification says the same. */
export type MenuOutcome = { ok: true; jobId: string; message: string } | { ok: false; message: string };

/** Handles a click on the menu item: converts the link and notifies. */
export async function onMenuClick(info: Pick<chrome.contextMenus.OnClickData, 'menuItemId' | 'linkUrl'>): Promise<MenuOutcome | undefined> {
  if (info.menuItemId !== MENU_ID || !info.linkUrl) return undefined;
  let outcome: MenuOutcome;
  try {
    const svc = await service();
    const { job } = await convertLink(svc, info.linkUrl, 'menu', readPdf, () => undefined);
    outcome = { ok: true, jobId: job.job_id, message: `${job.file_name ?? 'The PDF'} is converted. Open p2m to copy or download the Markdown.` };
  } catch (error) {
    outcome = { ok: false, message: errorInWords(error) };
  }
  await notify(outcome);
  return outcome;
}

async function notify(outcome: MenuOutcome): Promise<void> {
  try {
    await chrome.notifications.create({
      type: 'basic',
      iconUrl: chrome.runtime.getURL('icon-128.png'),
      title: outcome.ok ? 'Converted to Markdown' : 'Not converted',
      message: outcome.message,
    });
  } catch {
    // Notifications may be off for the browser; the popup's recent list still shows the job.
  }
}
