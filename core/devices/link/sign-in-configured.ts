import type { Config } from '../../config.ts';

/**
 * Whether people can sign in (an OpenID provider is configured): without it a
 * link ticket leads nowhere, so link/start answers 503 not_configured.
 * Reads config.oidc, which the sign-in work adds to Config (null when
 * P2M_OIDC_ISSUER or P2M_OIDC_CLIENT_ID is unset).
 */
export function signInConfigured(config: Config): boolean {
  const oidc: unknown = (config as Config & { oidc?: unknown }).oidc;
  return oidc !== undefined && oidc !== null;
}
