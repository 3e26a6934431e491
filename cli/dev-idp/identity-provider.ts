/**
 * A real OpenID provider (oidc-provider) on loopback, for trying sign-in
 * without an external account (`p2m dev-idp`) and for the tests. People sign
 * in by typing an e-mail address: the account store decides whether it is
 * verified (by default every address is). Not for production: anyone can be
 * anyone here.
 */
import { randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair } from 'jose';
import Provider, { type Account, type Configuration } from 'oidc-provider';
import { handleInteraction } from './interactions.ts';
import { memoryAdapter } from './memory-adapter.ts';

export type IdpAccount = { email: string; emailVerified: boolean; name?: string };

/** Who may sign in. accountIdFor returns null to refuse an address. */
export type IdpAccountStore = {
  accountIdFor(email: string): string | null;
  find(accountId: string): IdpAccount | undefined;
};

export type IdpClient = { clientId: string; clientSecret: string; redirectUris: readonly string[] };

export type IdentityProvider = AsyncDisposable & {
  issuer: string;
  provider: Provider;
  close(): Promise<void>;
};

export type IdpOptions = {
  host?: string;
  /** 0 picks a free port. */
  port?: number;
  clients: readonly IdpClient[];
  accounts?: IdpAccountStore;
  /** The e-mail claims in the ID token and no userinfo endpoint (default: claims only behind userinfo, as many providers do). */
  claimsInIdToken?: boolean;
};

/** Every typed address signs in, verified; the account id is derived from it. */
export function openAccountStore(overrides: Record<string, Partial<IdpAccount>> = {}): IdpAccountStore {
  const byId = new Map<string, IdpAccount>();
  return {
    accountIdFor(email) {
      const normalised = email.trim().toLowerCase();
      if (!normalised.includes('@')) return null;
      const id = `acct-${Buffer.from(normalised).toString('base64url')}`;
      byId.set(id, { email: normalised, emailVerified: true, ...overrides[normalised] });
      return id;
    },
    find: (id) => byId.get(id),
  };
}

export async function startIdentityProvider(opts: IdpOptions): Promise<IdentityProvider> {
  const host = opts.host ?? '127.0.0.1';
  const accounts = opts.accounts ?? openAccountStore();
  const server = createServer();
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port ?? 0, host, () => resolve());
  });
  const issuer = `http://${host}:${(server.address() as AddressInfo).port}`;
  const config = await configuration(opts.clients, accounts);
  if (opts.claimsInIdToken) Object.assign(config, { conformIdTokenClaims: false, features: { ...config.features, userinfo: { enabled: false } } });
  const provider = new Provider(issuer, config);
  const callback = provider.callback();
  server.on('request', (req, res) => {
    if (req.url?.startsWith('/interaction/')) {
      handleInteraction(provider, accounts, req, res).catch((err: unknown) => {
        res.statusCode = 500;
        res.end(String(err));
      });
      return;
    }
    void callback(req, res);
  });
  const close = () => closeServer(server);
  return { issuer, provider, close, [Symbol.asyncDispose]: close };
}

async function configuration(clients: readonly IdpClient[], accounts: IdpAccountStore): Promise<Configuration> {
  const { privateKey } = await generateKeyPair('ES256', { extractable: true });
  return {
    clients: clients.map((c) => ({
      client_id: c.clientId,
      client_secret: c.clientSecret,
      redirect_uris: [...c.redirectUris],
      grant_types: ['authorization_code'],
      response_types: ['code'],
      token_endpoint_auth_method: 'client_secret_basic',
      id_token_signed_response_alg: 'ES256',
    })),
    jwks: { keys: [{ ...(await exportJWK(privateKey)), alg: 'ES256', use: 'sig', kid: `dev-idp-${randomBytes(6).toString('hex')}` }] },
    cookies: { keys: [randomBytes(32).toString('base64url')] },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    scopes: ['openid', 'email', 'profile'],
    features: { devInteractions: { enabled: false } },
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    pkce: { required: () => true },
    adapter: memoryAdapter(),
    // Short, fixed lifetimes: a person or a test signs in within minutes.
    ttl: { Interaction: 600, Session: 3600, Grant: 3600, AccessToken: 600, IdToken: 600, AuthorizationCode: 60 },
    findAccount: (_ctx, sub): Account | undefined => {
      const account = accounts.find(sub);
      if (!account) return undefined;
      return {
        accountId: sub,
        claims: () => ({ sub, email: account.email, email_verified: account.emailVerified, ...(account.name ? { name: account.name } : {}) }),
      };
    },
  };
}

function closeServer(server: Server): Promise<void> {
  server.closeAllConnections();
  return new Promise((resolve) => server.close(() => resolve()));
}
