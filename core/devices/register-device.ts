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
import { defineOperation } from '../operation.ts';
import type { AddressBudgets } from '../ratelimit/address-budgets.ts';
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

/** Registrations a minute per client address and per network (P2M_REGISTER_PER_IP, P2M_REGISTER_PER_NETWORK). */
const registrationBudgets: AddressBudgets = (config) => [
  { policy: 'register-address', key: 'register:ip', per: 'address', perMinute: config.registerPerIp, message: 'Too many device registrations from this address; try again later.' },
  { policy: 'register-network', key: 'register:net', per: 'network', perMinute: config.registerPerNetwork, message: 'Too many device registrations from this network; try again later.' },
];

/** register_device: registers (or re-registers) the device holding `public_key`; anonymous callers, limited per address and network. */
export const registerDeviceOp = defineOperation({
  name: 'register_device',
  title: 'Register a device',
  description: 'Registers the device holding an EC P-256 public key (idempotent by key) and issues a fresh device token.',
  scope: null,
  errors: ['bad_input'],
  actors: ['anonymous'],
  addressBudgets: registrationBudgets,
  input: z.unknown(),
  output: Registration,
  handler: (ctx, raw) => registerDevice(ctx, raw),
});

/** Registers (or re-registers) the device holding `public_key`. */
export async function registerDevice(s: Pick<Services, 'db'>, raw: unknown): Promise<Registration> {
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
