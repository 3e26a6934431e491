/**
 * NIST P-256 domain parameters (SEC 2 §2.4.2, FIPS 186-4 D.1.2.3), used to
 * check that a registered point lies on the curve and to describe high-S.
 */
export const P256 = {
  p: 0xffffffff00000001000000000000000000000000ffffffffffffffffffffffffn,
  b: 0x5ac635d8aa3a93e7b3ebbd55769886bc651d06b0cc53b0f63bce3c3e27d2604bn,
  n: 0xffffffff00000000ffffffffffffffffbce6faada7179e84f3b9cac2fc632551n,
} as const;

/** Big-endian bytes to a non-negative bigint. */
export function bytesToBigInt(bytes: Uint8Array): bigint {
  let value = 0n;
  for (const byte of bytes) value = (value << 8n) | BigInt(byte);
  return value;
}

/** A non-negative bigint to exactly `length` big-endian bytes. */
export function bigIntToBytes(value: bigint, length: number): Uint8Array {
  const out = new Uint8Array(length);
  let rest = value;
  for (let i = length - 1; i >= 0; i--) {
    out[i] = Number(rest & 0xffn);
    rest >>= 8n;
  }
  return out;
}

/** True when (x, y) is an affine point of P-256: y² = x³ − 3x + b (mod p), with 0 ≤ x, y < p. */
export function isOnP256(x: bigint, y: bigint): boolean {
  const { p, b } = P256;
  if (x >= p || y >= p) return false;
  const lhs = (y * y) % p;
  const rhs = (((x * x * x - 3n * x + b) % p) + p) % p;
  return lhs === rhs;
}
