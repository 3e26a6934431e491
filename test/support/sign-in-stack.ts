/**
 * The service and a real OpenID provider (cli/dev-idp, oidc-provider) side
 * by side on loopback, configured for each other: the service's port is
 * taken first so the provider can know its redirect_uri, and the service's
 * public origin is that address. `browser()` is a fetch client with one
 * cookie jar (both servers are on 127.0.0.1, whose cookies a browser shares
 * across ports) that walks the provider's login and consent forms.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  openAccountStore,
  startIdentityProvider,
  type IdentityProvider,
  type IdpAccountStore,
} from '../../cli/dev-idp/identity-provider.ts';
import { CALLBACK_PATH } from '../../core/sign-in/start-sign-in.ts';
import { createApp } from '../../server/create-app.ts';
import type { Mounts } from '../../server/mounts.ts';
import { envOn, type DatabaseChoice, type TestEnv } from './test-env.ts';

export const CLIENT_ID = 'p2m-test';
export const CLIENT_SECRET = 'test-client-secret-0123456789';

export type Stack = AsyncDisposable & {
  env: TestEnv;
  idp: IdentityProvider;
  /** The service's origin (also its one public origin). */
  base: string;
  browser(): FetchBrowser;
};

export type StackOptions = {
  accounts?: IdpAccountStore;
  /** More service configuration (P2M_OIDC_CLIENT_SECRET to break the exchange, ...). */
  env?: Record<string, string>;
  mounts?: Mounts;
  /** The provider puts the e-mail in the ID token (else only behind its userinfo endpoint). */
  claimsInIdToken?: boolean;
  /** More public origins of the same server, without port (e.g. http://localhost); each gets the server's port. */
  extraOrigins?: string[];
  /** The test file's database (the default) or, for a test that needs an empty one, `'fresh'`. */
  database?: DatabaseChoice;
};

export async function startSignInStack(opts: StackOptions = {}): Promise<Stack> {
  const server = createServer();
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const port = (server.address() as AddressInfo).port;
  const base = `http://127.0.0.1:${port}`;
  const origins = [base, ...(opts.extraOrigins ?? []).map((o) => `${o}:${port}`)];
  const idp = await startIdentityProvider({
    clients: [{ clientId: CLIENT_ID, clientSecret: CLIENT_SECRET, redirectUris: origins.map((o) => `${o}${CALLBACK_PATH}`) }],
    accounts: opts.accounts ?? openAccountStore(),
    claimsInIdToken: opts.claimsInIdToken ?? false,
  });
  const env = await envOn(opts.database ?? 'file', {
    P2M_PUBLIC_ORIGINS: origins.join(','),
    P2M_OIDC_ISSUER: idp.issuer,
    P2M_OIDC_CLIENT_ID: CLIENT_ID,
    P2M_OIDC_CLIENT_SECRET: CLIENT_SECRET,
    // Every test browser comes from 127.0.0.1, and on PostgreSQL runs the counters live in the shared Redis.
    P2M_SIGN_IN_PER_IP: '100000',
    ...opts.env,
  });
  server.on('request', createApp(env.runtime, opts.mounts));
  return {
    env,
    idp,
    base,
    browser: () => new FetchBrowser(base),
    async [Symbol.asyncDispose]() {
      server.closeAllConnections();
      await new Promise<void>((r) => server.close(() => r()));
      await idp.close();
      await env[Symbol.asyncDispose]();
    },
  };
}

/** A browser reduced to what sign-in needs: one cookie jar and manual redirects. */
export class FetchBrowser {
  readonly jar = new Map<string, string>();
  readonly base: string;
  constructor(base: string) {
    this.base = base;
  }

  async request(url: string, init: RequestInit = {}): Promise<Response> {
    const headers = new Headers(init.headers);
    if (this.jar.size > 0) headers.set('cookie', [...this.jar].map(([k, v]) => `${k}=${v}`).join('; '));
    const res = await fetch(new URL(url, this.base), { ...init, headers, redirect: 'manual' });
    for (const line of res.headers.getSetCookie()) this.store(line);
    return res;
  }

  get(url: string): Promise<Response> {
    return this.request(url);
  }

  /** A form post, as the provider's pages send it. */
  post(url: string, form: Record<string, string> = {}): Promise<Response> {
    return this.request(url, { method: 'POST', body: new URLSearchParams(form) });
  }

  /**
   * Start → the provider's login form (as `email`) → consent (allow or deny)
   * → the callback URL the provider sends the browser to, not yet opened.
   */
  async authorize(email: string, opts: { startPath?: string; consent?: 'allow' | 'deny' } = {}): Promise<string> {
    const start = await this.get(opts.startPath ?? '/api/v2/auth/idp/start');
    if (start.status !== 302) throw new Error(`start answered ${start.status}: ${await start.text()}`);
    let next = start.headers.get('location')!;
    for (let hops = 0; hops < 20; hops++) {
      if (next.startsWith(`${this.base}${CALLBACK_PATH}`)) return next;
      const url = new URL(next, this.base);
      if (url.pathname.startsWith('/interaction/')) {
        const form = await this.get(url.href);
        const html = await form.text();
        const answer = html.includes('name="email"')
          ? this.post(`${url.href}/login`, { email })
          : this.post(`${url.href}/${opts.consent === 'deny' ? 'abort' : 'confirm'}`);
        next = new URL(this.location(await answer), url).href;
        continue;
      }
      next = new URL(this.location(await this.get(url.href)), url).href;
    }
    throw new Error('too many redirects');
  }

  /** The whole sign-in; the callback's response. */
  async signIn(email: string): Promise<Response> {
    return this.get(await this.authorize(email));
  }

  private location(res: Response): string {
    const loc = res.headers.get('location');
    if (!loc) throw new Error(`expected a redirect, got ${res.status} ${res.url}`);
    return loc;
  }

  private store(line: string): void {
    const [pair, ...attrs] = line.split(';');
    const eq = pair!.indexOf('=');
    const name = pair!.slice(0, eq).trim();
    const value = pair!.slice(eq + 1).trim();
    const expired = attrs.some((a) => /^\s*expires=/i.test(a) && Date.parse(a.split('=')[1]!) <= Date.now()) || attrs.some((a) => /^\s*max-age=0\s*$/i.test(a));
    if (expired || value === '') this.jar.delete(name);
    else this.jar.set(name, value);
  }
}
