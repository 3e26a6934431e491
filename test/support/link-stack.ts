/**
 * The sign-in stack (service + development identity provider) with the v1
 * lane mounted, so real device clients register and sign their requests,
 * plus the helpers of the device-link tests: follow a URL with GETs only
 * (what a browser does when a page merely sends it somewhere), read the
 * confirmation form, and answer it as its page would.
 */
import { createAccountClient, type AccountClient } from '../../client/account-client.ts';
import { createDeviceClient, type DeviceClient } from '../../client/device-client.ts';
import { createMemoryKeyStore } from '../../client/key-store.ts';
import { LINK_CONFIRM_PATH } from '../../http/html/link-confirm-page.ts';
import { v1Routes } from '../../rest/routes.ts';
import { fetchFrom, randomAddress } from '../integration/v1/support/v1-server.ts';
import { startSignInStack, type FetchBrowser, type Stack, type StackOptions } from './sign-in-stack.ts';

export type LinkDevice = { deviceId: string; client: DeviceClient; account: AccountClient };

export type LinkStack = Stack & { newDevice(): Promise<LinkDevice> };

export async function startLinkStack(opts: StackOptions = {}): Promise<LinkStack> {
  const stack = await startSignInStack({ ...opts, mounts: { v1: v1Routes, ...opts.mounts }, env: { P2M_TRUST_PROXY: 'loopback', ...opts.env } });
  const address = randomAddress();
  return Object.assign(stack, {
    async newDevice(): Promise<LinkDevice> {
      const f = fetchFrom(address);
      const client = createDeviceClient({ baseUrl: stack.base, storage: createMemoryKeyStore(), fetch: f });
      const { deviceId } = await client.register();
      return { deviceId, client, account: createAccountClient(client, { baseUrl: stack.base, fetch: f }) };
    },
  });
}

/** Opens `url` and follows every redirect with a GET, filling no form; the last response. */
export async function followGets(b: FetchBrowser, url: string): Promise<{ res: Response; visited: string[] }> {
  const visited: string[] = [];
  let next = new URL(url, b.base).href;
  for (let hops = 0; hops < 20; hops++) {
    visited.push(next);
    const res = await b.get(next);
    const location = res.headers.get('location');
    if (res.status < 300 || res.status >= 400 || !location) return { res, visited };
    next = new URL(location, next).href;
  }
  throw new Error('too many redirects');
}

/** The confirmation token of a "Link this device?" page, or null when the page has no form. */
export function confirmTokenOf(html: string): string | null {
  return /<input type="hidden" name="token" value="([^"]+)">/.exec(html)?.[1] ?? null;
}

/** Signs `b` in as `email` through the device's login_url and presses Link this device; the decision page. */
export async function linkThroughPage(b: FetchBrowser, device: LinkDevice, email: string): Promise<Response> {
  const { login_url } = await device.account.startLink();
  const html = await (await b.get(await b.authorize(email, { startPath: login_url }))).text();
  const token = confirmTokenOf(html);
  if (token === null) throw new Error(`no confirmation form: ${html}`);
  return answerLink(b, { token, decision: 'link' });
}

/** Posts the confirmation form as its page does (same origin unless `origin` says otherwise). */
export function answerLink(
  b: FetchBrowser,
  form: { token: string; decision: 'link' | 'cancel' },
  headers: Record<string, string> = { origin: b.base },
): Promise<Response> {
  return b.request(LINK_CONFIRM_PATH, { method: 'POST', headers, body: new URLSearchParams(form) });
}
