/**
 * Device registration (POST /register). Idempotent by public key: the device
 * is keyed by the key's RFC 7638 thumbprint, so the same key always gets the
 * same device_id. Tokens are stored only as hashes, so a repeated
 * registration cannot hand back the old token: it issues a fresh one and the
 * previous token stops working at once (rotation). Only the key holder can
 * use any token, so a stranger re-registering a known public key gains
 * nothing; the device simply registers again when its token is refused.
 */
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { devices } from '../../db/schema.ts';
import type { Services } from '../context.ts';
import { DomainError } from '../errors.ts';
import { deviceTokenHash, newDeviceToken } from './device-token.ts';
import { consumeRegistration } from './registration-limits.ts';
import { jwkThumbprint } from './signing/jwk-thumbprint.ts';
import { parsePublicJwk } from './signing/parse-public-jwk.ts';

export const RegisterInput = z.object({
  public_key: z.unknown().describe('EC P-256 public JWK {kty:"EC", crv:"P-256", x, y} for ES256; no "d".'),
});

export const Registration = z.object({
  device_id: z.string(),
  device_token: z.string().describe('Secret; sent as `Authorization: Device <token>`. Re-registering rotates it.'),
});
export type Registration = z.infer<typeof Registration>;

/** Registers (or re-registers) the device holding `public_key`, after the per-address limits. */
export async function registerDevice(
  s: Pick<Services, 'db' | 'config' | 'rateLimiter'>,
  clientIp: string,
  raw: unknown,
): Promise<Registration> {
  await consumeRegistration(s, clientIp);
  const input = RegisterInput.safeParse(raw);
  if (!input.success) throw new DomainError('bad_input', 'Send JSON {"public_key": <EC P-256 public JWK>}.');
  const parsed = parsePublicJwk(input.data.public_key);
  if (!parsed.ok) throw new DomainError('bad_input', parsed.message);
  const token = newDeviceToken();
  const [row] = await s.db
    .insert(devices)
    .values({ keyThumbprint: await jwkThumbprint(parsed.jwk), publicKey: parsed.jwk, tokenHash: deviceTokenHash(token)! })
    .onConflictDoUpdate({ target: devices.keyThumbprint, set: { tokenHash: sql`excluded.token_hash` } })
    .returning({ id: devices.id });
  return { device_id: row!.id, device_token: token };
}
