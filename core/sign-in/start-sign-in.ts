import { randomBytes } from 'node:crypto';
import * as oidc from 'openid-client';
import type { Services } from '../context.ts';
import { hashSecret } from '../crypto/hash-secret.ts';
import { seal } from '../crypto/secret-box.ts';
import { peekLinkTicket } from '../devices/link/peek-link-ticket.ts';
import { canonicalAddress } from '../devices/network-prefix.ts';
import { DomainError } from '../errors.ts';
import { WINDOW_SECONDS } from '../ratelimit/rate-limiter.ts';
import { oidcClient, requireOidc } from './oidc-client.ts';
import { insertSignInAttempt } from './sign-in-attempts.ts';

/** Where the provider sends the browser back, under the origin the sign-in started on. */
export const CALLBACK_PATH = '/api/v2/auth/idp/callback';

/** What the provider is asked for: an ID token with the person's e-mail and whether it is verified. */
const SCOPE = 'openid email profile';

export type StartSignInInput = {
  /** The public origin the request came in on (already checked against config.publicOrigins). */
  origin: string;
  /** The client's address, for the per-address budget of started sign-ins. */
  clientIp: string;
  /** A one-time device-link ticket: the device is linked to the account at the callback. */
  ticket?: string | undefined;
};

export type StartedSignIn = {
  /** The provider's authorization URL to redirect the browser to. */
  authorizationUrl: string;
  /** Binds the attempt to this browser: set as a short-lived cookie, checked at the callback. */
  binding: string;
  ttlSeconds: number;
};

type StartServices = Pick<Services, 'db' | 'config' | 'secretKey' | 'rateLimiter'>;

/**
 * Starts an authorization-code sign-in with PKCE (S256), state and nonce.
 * Everything the callback needs stays on the server, in a row found by the
 * state's hash: the verifier, the nonce and a link ticket sealed, the
 * redirect_uri as sent. Refuses: not_configured, rate_limited,
 * idp_unavailable.
 */
export async function startSignIn(s: StartServices, input: StartSignInInput): Promise<StartedSignIn> {
  requireOidc(s.config);
  await consumeStartBudget(s, input.clientIp);
  if (input.ticket !== undefined) await assertLinkTicket(s, input.ticket);
  const client = await oidcClient(s.config);
  const codeVerifier = oidc.randomPKCECodeVerifier();
  const state = oidc.randomState();
  const nonce = oidc.randomNonce();
  const binding = randomBytes(32).toString('base64url');
  const redirectUri = `${input.origin}${CALLBACK_PATH}`;
  await insertSignInAttempt(
    s.db,
    {
      stateHash: hashSecret(state),
      bindingHash: hashSecret(binding),
      codeVerifierSealed: seal(s.secretKey, codeVerifier),
      nonceSealed: seal(s.secretKey, nonce),
      redirectUri,
      linkTicketSealed: input.ticket === undefined ? null : seal(s.secretKey, input.ticket),
    },
    s.config.signInTtlSeconds,
  );
  const url = oidc.buildAuthorizationUrl(client, {
    redirect_uri: redirectUri,
    scope: SCOPE,
    response_type: 'code',
    code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
    code_challenge_method: 'S256',
    state,
    nonce,
  });
  return { authorizationUrl: url.href, binding, ttlSeconds: s.config.signInTtlSeconds };
}

/** Each started sign-in stores a row until it expires; an address may start only so many a minute. */
async function consumeStartBudget(s: StartServices, clientIp: string): Promise<void> {
  const perMinute = s.config.signInPerIp;
  const decision = await s.rateLimiter.consume(`sign-in:ip:${canonicalAddress(clientIp)}`, perMinute);
  if (decision.allowed) return;
  throw new DomainError('rate_limited', 'Too many sign-ins started from this address; try again in a minute.', {
    retryAfter: decision.retryAfterSeconds,
    rate: { policy: 'sign-in-address', limit: perMinute, windowSeconds: WINDOW_SECONDS, remaining: 0, resetSeconds: decision.resetSeconds },
  });
}

/** A link ticket is checked before the person is sent away, so a stale one fails here and not after signing in. */
async function assertLinkTicket(s: StartServices, ticket: string): Promise<void> {
  if ((await peekLinkTicket(s.db, ticket)) === null) {
    throw new DomainError('bad_input', 'This device-link ticket is invalid, expired or already used; start the link again from the device.');
  }
}
