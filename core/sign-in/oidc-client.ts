/**
 * The OpenID provider as openid-client sees it: discovered at first use, then
 * kept for the process (per configuration object). A failed discovery is not
 * kept, so the next sign-in tries again; every request to the provider is
 * bounded by P2M_OIDC_TIMEOUT_MS.
 */
import * as oidc from 'openid-client';
import type { Config, OidcConfig } from '../config.ts';
import { DomainError } from '../errors.ts';

const discovered = new WeakMap<OidcConfig, Promise<oidc.Configuration>>();

/** The provider's configuration; not_configured without one, idp_unavailable when it cannot be discovered. */
export function oidcClient(config: Pick<Config, 'oidc' | 'oidcTimeoutMs'>): Promise<oidc.Configuration> {
  const c = requireOidc(config);
  let found = discovered.get(c);
  if (!found) {
    found = discover(c, config.oidcTimeoutMs);
    discovered.set(c, found);
    found.catch(() => discovered.delete(c));
  }
  return found;
}

/** The configured provider, or not_configured (503): sign-in is off, v1 and API keys keep working. */
export function requireOidc(config: Pick<Config, 'oidc'>): OidcConfig {
  if (!config.oidc) throw new DomainError('not_configured', 'Sign-in is not configured on this service (P2M_OIDC_ISSUER, P2M_OIDC_CLIENT_ID).');
  return config.oidc;
}

async function discover(c: OidcConfig, timeoutMs: number): Promise<oidc.Configuration> {
  const issuer = new URL(c.issuer);
  const auth = c.clientSecret === undefined ? oidc.None() : oidc.ClientSecretBasic(c.clientSecret);
  try {
    return await oidc.discovery(issuer, c.clientId, undefined, auth, {
      timeout: timeoutMs / 1000,
      // Plain http only for a provider on this machine (p2m dev-idp, tests); anywhere else TLS is required.
      execute: isLoopback(issuer) ? [oidc.allowInsecureRequests] : [],
    });
  } catch (err) {
    throw new DomainError('idp_unavailable', 'The identity provider cannot be reached right now; try again later.', { cause: err });
  }
}

function isLoopback(url: URL): boolean {
  return url.hostname === 'localhost' || url.hostname === '[::1]' || /^127\.\d+\.\d+\.\d+$/.test(url.hostname);
}
