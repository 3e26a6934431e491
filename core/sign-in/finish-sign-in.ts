import * as oidc from 'openid-client';
import { z } from 'zod';
import { defineOperation } from '../operation.ts';
import { accountForVerifiedEmail } from '../accounts/account-for-verified-email.ts';
import type { Services } from '../context.ts';
import { hashSecret, safeEqual } from '../crypto/hash-secret.ts';
import { open } from '../crypto/secret-box.ts';
import { issueLinkConfirmation } from '../devices/link/confirm-device-link.ts';
import { previewLink, type LinkPreview } from '../devices/link/link-preview.ts';
import { DomainError } from '../errors.ts';
import { createSession, type NewSession } from '../sessions/create-session.ts';
import { endSession } from '../sessions/end-session.ts';
import { oidcClient, requireOidc } from './oidc-client.ts';
import { takeSignInAttempt } from './sign-in-attempts.ts';
import { verifiedIdentity } from './verified-identity.ts';

export type FinishSignInInput = {
  /** The callback's query string as received (code, state, or error). */
  query: URLSearchParams;
  /** The binding cookie set at start; undefined when the browser sent none. */
  binding: string | undefined;
  /** Every session cookie the browser sent: a new sign-in ends them all (no fixation, and a planted one first changes nothing). */
  previousSessionTokens: readonly string[];
};

/** A device asks to be linked: the page shows `preview` and a form carrying `token` (absent when already linked). */
export type PendingLink = { preview: LinkPreview; token: string | null };

export type FinishedSignIn = { accountId: string; email: string; session: NewSession; pendingLink: PendingLink | null };

const FinishedSignInOut = z.object({
  accountId: z.string(),
  email: z.string(),
  // The pending device link's preview and its confirmation token (checked by its own code, passed on as it is).
  pendingLink: z.custom<PendingLink>((v) => typeof v === 'object' && v !== null).nullable(),
  session: z.object({ sessionId: z.string(), token: z.string(), expiresAt: z.date() }),
});

/** finish_sign_in: the provider's callback, for the browser that started the sign-in (anonymous until it ends). */
export const finishSignInOp = defineOperation({
  name: 'finish_sign_in',
  title: 'Finish signing in',
  description: 'Exchanges the code of the callback, creates or claims the account of the verified e-mail, and starts a session.',
  scope: null,
  errors: ['bad_input', 'forbidden', 'not_configured', 'idp_unavailable', 'idp_error'],
  actors: ['anonymous'],
  input: z.object({ query: z.string(), binding: z.string().optional(), previous_session_tokens: z.array(z.string()).max(16).default([]) }),
  output: FinishedSignInOut,
  handler: (ctx, i) =>
    finishSignIn(ctx, { query: new URLSearchParams(i.query), binding: i.binding, previousSessionTokens: i.previous_session_tokens }),
});

const badState = () => new DomainError('bad_input', 'This sign-in link is invalid, was already used, or has expired. Start again.');

/**
 * The callback's work: take the attempt its state names (once), exchange the
 * code with PKCE and check the ID token's nonce, read a verified e-mail,
 * create or claim the account and start a new session. A link ticket in the
 * attempt links nothing here (a GET must never link: a victim's browser can
 * be made to open an attacker's login_url): it is checked before the session
 * starts, and a confirmation for the page is issued (confirm-device-link.ts).
 * Refuses: not_configured, bad_input (state, code, provider error, unverified
 * e-mail, link ticket), forbidden (the ticket's device has another account),
 * idp_unavailable, idp_error (the exchange failed).
 */
export async function finishSignIn(s: Services, input: FinishSignInInput): Promise<FinishedSignIn> {
  requireOidc(s.config);
  const state = input.query.get('state');
  if (!state) throw badState();
  const attempt = await takeSignInAttempt(s.db, hashSecret(state));
  // Bound to the browser that started it: a callback link handed to someone else cannot sign them in.
  if (!attempt || attempt.expired || input.binding === undefined || !safeEqual(hashSecret(input.binding), attempt.bindingHash)) {
    throw badState();
  }
  const providerError = input.query.get('error');
  if (providerError !== null) {
    throw new DomainError('bad_input', `The identity provider did not sign you in (${providerError}${describe(input.query)}).`);
  }
  if (!input.query.get('code')) throw new DomainError('bad_input', 'The identity provider sent no authorization code.');
  const client = await oidcClient(s.config);
  const callbackUrl = new URL(attempt.redirectUri);
  callbackUrl.search = input.query.toString();
  const tokens = await exchange(client, callbackUrl, {
    pkceCodeVerifier: open(s.secretKey, attempt.codeVerifierSealed),
    expectedState: state,
    expectedNonce: open(s.secretKey, attempt.nonceSealed),
    idTokenExpected: true,
  });
  const identity = await verifiedIdentity(client, tokens);
  const account = await accountForVerifiedEmail(s.db, identity.email, identity.name);
  // bad_input when the ticket was used or expired meanwhile, forbidden when the device has another account: no session then.
  const preview = attempt.linkTicketSealed === null ? null : await previewLink(s, open(s.secretKey, attempt.linkTicketSealed), account.id);
  for (const token of input.previousSessionTokens.slice(0, 4)) await endSession(s.db, token);
  const session = await createSession(s, account.id);
  const pendingLink =
    preview === null
      ? null
      : { preview, token: preview.alreadyLinked ? null : await issueLinkConfirmation(s, preview.ticketId, session.sessionId) };
  return { accountId: account.id, email: account.email!, session, pendingLink };
}

function describe(query: URLSearchParams): string {
  const text = query.get('error_description');
  return text ? `: ${text.slice(0, 200)}` : '';
}

/**
 * The token request. A code the provider refuses (invalid_grant: wrong,
 * expired or already used) or a malformed answer to our request is the
 * browser's bad input; anything else — the provider failing, an ID token
 * that does not verify — is an exchange failure.
 */
async function exchange(
  client: oidc.Configuration,
  callbackUrl: URL,
  checks: oidc.AuthorizationCodeGrantChecks,
): Promise<Awaited<ReturnType<typeof oidc.authorizationCodeGrant>>> {
  try {
    return await oidc.authorizationCodeGrant(client, callbackUrl, checks);
  } catch (err) {
    if (err instanceof oidc.ResponseBodyError && err.error === 'invalid_grant') {
      throw new DomainError('bad_input', 'The authorization code is invalid, expired or already used. Start again.', { cause: err });
    }
    if (err instanceof oidc.AuthorizationResponseError) {
      throw new DomainError('bad_input', `The identity provider did not sign you in (${err.error}).`, { cause: err });
    }
    throw new DomainError('idp_error', 'The identity provider could not complete the sign-in; try again later.', { cause: err });
  }
}
