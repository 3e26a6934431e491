/**
 * Authentication of a device-signed request (scheme P2M-DEVICE-V1), in the
 * order of discovery/device-signing.md §4: token → device (401; blocked 403),
 * then formats, clock window, body hash and signature (401), and only then the
 * nonce (409 replay), so an unauthenticated caller cannot burn a device's
 * nonces. Transports pass header values through untouched.
 */
import { and, eq, sql } from 'drizzle-orm';
import { accounts, devices } from '../../db/schema.ts';
import type { Services } from '../context.ts';
import { DomainError } from '../errors.ts';
import type { Principal } from '../principal.ts';
import { TierName } from '../tiers.ts';
import { deviceTokenHash } from './device-token.ts';
import { AUTH_SCHEME, NONCE_TTL_SECONDS } from './signing/headers.ts';
import type { NonceStore } from './signing/nonce-store.ts';
import { parsePublicJwk } from './signing/parse-public-jwk.ts';
import { verifyDeviceSignature, type VerifyFailureCode, type VerifyInput } from './signing/verify-device-signature.ts';

export type DevicePrincipal = Extract<Principal, { kind: 'device' }>;

/**
 * One signed request as received: the signature check's input less what the
 * token lookup supplies. For an upload hashed while it streams, `body` is the
 * declared hash, and the transport must refuse the upload if the bytes differ.
 */
export type SignedRequest = Omit<VerifyInput, 'jwk' | 'deviceId' | 'nowSeconds' | 'windowSeconds'> & {
  authorization: string | undefined;
};

type AuthServices = Pick<Services, 'db'> & { deviceNonces: NonceStore };

const FAILURE: Record<VerifyFailureCode, string> = {
  malformed: 'The request signature headers are missing or malformed.',
  clock_skew: 'The request timestamp is too far from the server clock; check the device clock.',
  bad_body_hash: 'The body does not match X-P2M-Content-SHA256.',
  bad_signature: 'The request signature does not verify.',
};

export async function authenticateDevice(
  s: AuthServices,
  req: SignedRequest,
  nowSeconds = Math.floor(Date.now() / 1000),
): Promise<DevicePrincipal> {
  const device = await deviceOf(s, req.authorization);
  const verdict = await verifyDeviceSignature({
    jwk: device.jwk,
    deviceId: device.id,
    method: req.method,
    pathWithQuery: req.pathWithQuery,
    timestamp: req.timestamp,
    nonce: req.nonce,
    bodySha256: req.bodySha256,
    signature: req.signature,
    body: req.body,
    nowSeconds,
  });
  if (!verdict.ok) throw new DomainError('unauthenticated', FAILURE[verdict.code]);
  if (!(await s.deviceNonces.claim(device.id, req.nonce!, NONCE_TTL_SECONDS))) {
    throw new DomainError('replay', 'This request was already received (nonce reused); sign each request afresh.');
  }
  // The account's device list shows when each device was last seen; written at most once a minute.
  if (device.seenLongAgo) await markSeen(s, device.id);
  return { kind: 'device', deviceId: device.id, accountId: device.accountId, tier: device.tier };
}

async function deviceOf(s: AuthServices, authorization: string | undefined) {
  const token = new RegExp(`^${AUTH_SCHEME} (\\S+)$`).exec(authorization ?? '')?.[1];
  const hash = token ? deviceTokenHash(token) : null;
  if (!hash) throw new DomainError('unauthenticated', `Send Authorization: ${AUTH_SCHEME} <device_token>.`);
  const [row] = await s.db
    .select({
      device: devices,
      tier: accounts.tier,
      seenLongAgo: sql<boolean>`(${devices.lastSeenAt} is null or ${devices.lastSeenAt} < now() - interval '1 minute')`,
    })
    .from(devices)
    .leftJoin(accounts, eq(accounts.id, devices.accountId))
    .where(eq(devices.tokenHash, hash))
    .limit(1);
  if (!row) throw new DomainError('unauthenticated', 'The device token is invalid or was replaced; register again.');
  if (row.device.blockedAt) throw new DomainError('device_blocked', 'This device is blocked.');
  const key = parsePublicJwk(row.device.publicKey);
  if (!key.ok) throw new DomainError('unauthenticated', 'The stored device key is unusable; register again.');
  return {
    id: row.device.id,
    jwk: key.jwk,
    accountId: row.device.accountId,
    // An unlinked device is anonymous; a linked one has its account's tier.
    tier: row.device.accountId && row.tier ? TierName.parse(row.tier) : ('anonymous' as const),
    seenLongAgo: row.seenLongAgo,
  };
}

async function markSeen(s: AuthServices, deviceId: string): Promise<void> {
  await s.db
    .update(devices)
    .set({ lastSeenAt: sql`now()` })
    .where(and(eq(devices.id, deviceId), sql`(${devices.lastSeenAt} is null or ${devices.lastSeenAt} < now() - interval '1 minute')`));
}
