import { randomBytes } from 'node:crypto';
import * as oidc from 'openid-client';
import { z } from 'zod';
import type { Services } from '../context.ts';
import { hashSecret } from '../crypto/hash-secret.ts';
import { seal } from '../crypto/secret-box.ts';
import { peekLinkTicket } from '../devices/link/peek-link-ticket.ts';
import { DomainError } from '../errors.ts';
import { defineOperation } from '../operation.ts';
import { oidcClient, requireOidc } from './oidc-client.ts';
import { insertSignInAttempt } from './sign-in-attempts.ts';

/** Where the provider sends the browser back, under the origin the sign-in started on. */
export const CALLBACK_PATH = '/api/v2/auth/idp/callback';

/** What the provider is asked for: an ID token with the person's e-mail and whether it is verified. */
const SCOPE = 'openid email profile';

export const StartSignInInput = z.object({
  origin: z.string().describe('The public origin the request came in on (the transport checks it against config.publicOrigins).'),
  ticket: z.string().optional().describe('A one-time device-link ticket: the device is linked to the account at the callback.'),
});
export type StartSignInInput = z.infer<typeof StartSignInInput>;

export const StartedSignIn = z.object({
  authorizationUrl: z.string().describe("The provider's authorization URL to redirect the browser to."),
  binding: z.string().describe('Binds the attempt to this browser: set as a short-lived cookie, checked at the callback.'),
  ttlSeconds: z.number().int(),
});
export type StartedSignIn = z.infer<typeof StartedSignIn>;

type StartServices = Pick<Services, 'db' | 'config' | 'secretKey'>;

/** start_sign_in: anonymous callers, at most P2M_SIGN_IN_PER_IP a minute per client address. */
export const startSignInOp = defineOperation({
  name: 'start_sign_in',
  title: 'Start signing in',
  description: 'Starts an OpenID Connect sign-in and answers where to send the browser.',
  scope: null,
  errors: ['bad_input', 'not_configured', 'idp_unavailable'],
  actors: ['anonymous'],
  addressBudgets: (config) => [
    { policy: 'sign-in-address', key: 'sign-in:ip', per: 'address', perMinute: config.signInPerIp, message: 'Too many sign-ins started from this address; try again in a minute.' },
  ],
  input: StartSignInInput,
  output: StartedSignIn,
  handler: (ctx, input) => startSignIn(ctx, input),
});

/**
 * Starts an authorization-code sign-in with PKCE (S256), state and nonce.
 * Everything the callback needs stays on the server, in a row found by the
 * state's hash: the verifier, the nonce and a link ticket sealed, the
 * redirect_uri as sent. Refuses: not_configured, rate_limited,
 * idp_unavailable.
 */
export async function startSignIn(s: StartServices, input: StartSignInInput): Promise<StartedSignIn> {
  requireOidc(s.config);
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

/** A link ticket is checked before the person is sent away, so a stale one fails here and not after signing in. */
async function assertLinkTicket(s: StartServices, ticket: string): Promise<void> {
  if ((await peekLinkTicket(s.db, ticket)) === null) {
    throw new DomainError('bad_input', 'This device-link ticket is invalid, expired or already used; start the link again from the device.');
  }
}
