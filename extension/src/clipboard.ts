/**
 * Copying text through an offscreen document: an MV3 service worker has no
 * DOM, and a popup can lose focus (and with it the async clipboard), so the
 * copy is done in an offscreen page made for the CLIPBOARD reason.
 */
const OFFSCREEN_PATH = 'offscreen.html';

let creating: Promise<void> | undefined;

async function ensureOffscreen(): Promise<void> {
  const url = chrome.runtime.getURL(OFFSCREEN_PATH);
  const existing = await chrome.runtime.getContexts({ contextTypes: [chrome.runtime.ContextType.OFFSCREEN_DOCUMENT], documentUrls: [url] });
  if (existing.length > 0) return;
  creating ??= chrome.offscreen
    .createDocument({ url: OFFSCREEN_PATH, reasons: [chrome.offscreen.Reason.CLIPBOARD], justification: 'Copy the converted Markdown to the clipboard.' })
    .finally(() => (creating = undefined));
  await creating;
}

/** Copies text (service worker side); resolves true when the offscreen page copied it. */
export async function copyText(text: string): Promise<boolean> {
  await ensureOffscreen();
  const reply = (await chrome.runtime.sendMessage({ target: 'offscreen', type: 'copy', text })) as { copied?: boolean } | undefined;
  return reply?.copied === true;
}
