/**
 * Replay guard for device-signed requests, implemented outside core/devices/signing
 * (it needs Redis or the database).
 *
 * The middleware calls `claim` only after the signature has verified, so an
 * unauthenticated caller cannot burn a device's nonces. Implementations must
 * be atomic across processes (e.g. Redis `SET key 1 NX EX ttl`, or an INSERT
 * on a unique (device_id, nonce) key whose rows are swept after the TTL).
 */
export interface NonceStore {
  /**
   * Records `nonce` for `deviceId` for at least `ttlSeconds`.
   * Resolves true when it was unused (the request may proceed) and false when
   * it was already claimed (the request is a replay: answer 409).
   */
  claim(deviceId: string, nonce: string, ttlSeconds: number): Promise<boolean>;
}
