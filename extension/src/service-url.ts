/**
 * The service the extension talks to: set at build time
 * (P2M_EXTENSION_SERVICE_URL, injected by esbuild as __P2M_SERVICE_URL__) and
 * changeable on the options page, where the new origin's host access is
 * requested at that moment.
 */
declare const __P2M_SERVICE_URL__: string;

const KEY = 'serviceUrl';

/** The origin baked into this build. */
export const BUILD_SERVICE_URL: string = __P2M_SERVICE_URL__;

/** The service origin in use: the one saved on the options page, else the build's. */
export async function getServiceUrl(): Promise<string> {
  const saved = (await chrome.storage.local.get(KEY))[KEY];
  return typeof saved === 'string' && saved !== '' ? saved : BUILD_SERVICE_URL;
}

export async function setServiceUrl(url: string): Promise<void> {
  await chrome.storage.local.set({ [KEY]: normaliseServiceUrl(url) });
}

/** An http(s) origin without path, query or trailing slash; throws a sentence for anything else. */
export function normaliseServiceUrl(input: string): string {
  let url: URL;
  try {
    url = new URL(input.trim());
  } catch {
    throw new Error('Enter the service address as a full URL, such as https://p2m.example.com.');
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new Error('The service address must start with https:// (or http:// for a local service).');
  return url.origin;
}
