/**
 * The service worker: the context menu, conversions started from it, and the
 * popup's requests that need the worker (copying through the offscreen page).
 * Messages are handled by a map of named async functions.
 */
import './no-eval.ts';
import { signRequest } from '../../client/index.ts';
import { copyText } from './clipboard.ts';
import { createMenu, onMenuClick } from './context-menu.ts';
import { keyStoreFor, service } from './device.ts';
import { errorInWords } from './error-words.ts';

type Message = { type: string; text?: string };

const handlers: Record<string, (m: Message) => Promise<unknown>> = {
  copy: async (m) => ({ copied: await copyText(m.text ?? '') }),
};

chrome.runtime.onInstalled.addListener(createMenu);
chrome.contextMenus.onClicked.addListener((info) => void onMenuClick(info));
chrome.notifications.onClicked.addListener(() => {
  // Opening the popup from a notification needs Chrome 127; older ones just close it.
  chrome.action.openPopup?.().catch(() => undefined);
});
chrome.runtime.onMessage.addListener((message: Message & { target?: string }, _sender, reply) => {
  const handler = message.target === undefined ? handlers[message.type] : undefined;
  if (!handler) return false;
  handler(message).then(reply, (error: unknown) => reply({ error: String(error) }));
  return true;
});

// For the browser tests and anyone debugging in the worker's console: the
// worker's own functions, which hold no secret (the private key cannot leave WebCrypto).
Object.assign(globalThis, { p2m: { onMenuClick, service, keyStoreFor, signRequest, copyText, errorInWords } });
