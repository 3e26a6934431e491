import * as oidc from 'openid-client';
import { z } from 'zod';
import { DomainError } from '../errors.ts';

/** The claims an account is made from; e-mail_verified must be true (not the string "true"). */
const Claims = z.object({
  sub: z.string().min(1),
  email: z.email().max(320).optional(),
  email_verified: z.boolean().optional(),
  name: z.string().max(200).optional(),
});

export type VerifiedIdentity = { subject: string; email: string; name: string | null };

type Tokens = Awaited<ReturnType<typeof oidc.authorizationCodeGrant>>;

/**
 * The signed-in person's verified e-mail. Providers put it in the ID token or
 * only behind the userinfo endpoint (the ID token's subject must match there).
 * Accounts are found by e-mail, so an unverified one would let anybody take
 * over the account of an address they typed in: refused.
 */
export async function verifiedIdentity(client: oidc.Configuration, tokens: Tokens): Promise<VerifiedIdentity> {
  const idToken = tokens.claims();
  if (!idToken) throw new DomainError('idp_error', 'The identity provider returned no ID token.');
  let claims = Claims.safeParse(idToken).data;
  if (!claims?.email) {
    const info = await userInfo(client, tokens.access_token, idToken.sub);
    claims = Claims.safeParse({ ...idToken, ...info }).data;
  }
  if (!claims?.email || claims.email_verified !== true) {
    throw new DomainError('bad_input', 'Your identity provider did not confirm a verified e-mail address, which an account needs.');
  }
  return { subject: claims.sub, email: claims.email, name: claims.name ?? null };
}

async function userInfo(client: oidc.Configuration, accessToken: string, subject: string): Promise<oidc.UserInfoResponse> {
  try {
    return await oidc.fetchUserInfo(client, accessToken, subject);
  } catch (err) {
    throw new DomainError('idp_error', 'The identity provider could not tell who signed in; try again later.', { cause: err });
  }
}
