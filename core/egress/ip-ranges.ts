import { isIPv4, isIPv6 } from 'node:net';

/** Why an address must never be contacted by the egress client. */
export type ForbiddenReason =
  | 'invalid'
  | 'unspecified'
  | 'loopback'
  | 'private'
  | 'link_local'
  | 'cgnat'
  | 'multicast'
  | 'reserved'
  | 'documentation'
  | 'unique_local'
  | 'metadata';

/** Result of classifying one IP address. */
export type AddressClass = { kind: 'public' } | { kind: 'forbidden'; reason: ForbiddenReason };

type V4Range = readonly [prefix: string, bits: number, reason: ForbiddenReason];

// Cloud metadata and platform endpoints. Most already sit in forbidden ranges;
// listing them gives a precise reason, and Azure's WireServer (168.63.129.16)
// is in public space, so only this list refuses it.
const METADATA_V4: readonly string[] = [
  '169.254.169.254', // AWS, GCP, Azure IMDS, OpenStack, DigitalOcean
  '169.254.170.2', // AWS ECS task metadata
  '169.254.169.253', // AWS VPC DNS
  '169.254.169.123', // AWS time sync
  '100.100.100.200', // Alibaba Cloud
  '168.63.129.16', // Azure WireServer
  '192.0.0.192', // Oracle Cloud
];
// AWS IMDS, DNS and time sync over IPv6 (fd00:ec2::254, ::23, ::123).
const METADATA_V6: readonly bigint[] = [0x254n, 0x23n, 0x123n].map((low) => (0xfd00_0ec2n << 96n) | low);

// IANA IPv4 special-purpose registry: every block in it is refused.
const FORBIDDEN_V4: readonly V4Range[] = [
  ['0.0.0.0', 8, 'unspecified'],
  ['10.0.0.0', 8, 'private'],
  ['100.64.0.0', 10, 'cgnat'],
  ['127.0.0.0', 8, 'loopback'],
  ['169.254.0.0', 16, 'link_local'],
  ['172.16.0.0', 12, 'private'],
  ['192.0.0.0', 24, 'reserved'],
  ['192.0.2.0', 24, 'documentation'],
  ['192.31.196.0', 24, 'reserved'],
  ['192.52.193.0', 24, 'reserved'],
  ['192.88.99.0', 24, 'reserved'],
  ['192.168.0.0', 16, 'private'],
  ['192.175.48.0', 24, 'reserved'],
  ['198.18.0.0', 15, 'reserved'],
  ['198.51.100.0', 24, 'documentation'],
  ['203.0.113.0', 24, 'documentation'],
  ['224.0.0.0', 4, 'multicast'],
  ['240.0.0.0', 4, 'reserved'],
];

const PUBLIC: AddressClass = { kind: 'public' };
const forbidden = (reason: ForbiddenReason): AddressClass => ({ kind: 'forbidden', reason });

/** Parses dotted-quad IPv4 into an unsigned 32-bit number; undefined if not IPv4. */
export function parseIPv4(ip: string): number | undefined {
  if (!isIPv4(ip)) return undefined;
  return ip.split('.').reduce((acc, part) => acc * 256 + Number(part), 0);
}

/** Parses any textual IPv6 form (including embedded dotted IPv4) into a 128-bit bigint. */
export function parseIPv6(ip: string): bigint | undefined {
  if (!isIPv6(ip) || ip.includes('%')) return undefined;
  let text = ip;
  const lastColon = text.lastIndexOf(':');
  const tail = text.slice(lastColon + 1);
  if (tail.includes('.')) {
    // Rewrite a trailing dotted IPv4 as two hex groups so one path parses all forms.
    const v4 = parseIPv4(tail);
    if (v4 === undefined) return undefined;
    text = `${text.slice(0, lastColon + 1)}${(v4 >>> 16).toString(16)}:${(v4 & 0xffff).toString(16)}`;
  }
  const [head = '', rest] = text.split('::');
  const headGroups = head === '' ? [] : head.split(':');
  const tailGroups = rest === undefined || rest === '' ? [] : rest.split(':');
  const fill = rest === undefined ? 0 : 8 - headGroups.length - tailGroups.length;
  const groups = [...headGroups, ...Array<string>(fill).fill('0'), ...tailGroups];
  if (groups.length !== 8) return undefined;
  return groups.reduce((acc, g) => (acc << 16n) | BigInt(parseInt(g, 16)), 0n);
}

const inV4Range = (addr: number, [prefix, bits]: V4Range): boolean => {
  const base = parseIPv4(prefix) ?? 0;
  const size = 2 ** (32 - bits);
  return Math.floor(addr / size) === Math.floor(base / size);
};

/** Classifies an IPv4 address given as a 32-bit number. */
export function classifyIPv4Number(addr: number): AddressClass {
  for (const m of METADATA_V4) if (parseIPv4(m) === addr) return forbidden('metadata');
  const hit = FORBIDDEN_V4.find((r) => inV4Range(addr, r));
  return hit ? forbidden(hit[2]) : PUBLIC;
}

const inV6 = (addr: bigint, prefix: bigint, bits: number): boolean =>
  addr >> BigInt(128 - bits) === prefix >> BigInt(128 - bits);
const low32 = (addr: bigint): number => Number(addr & 0xffff_ffffn);

/** Classifies an IPv6 address given as a 128-bit bigint; embedded IPv4 forms are judged by their IPv4 address. */
export function classifyIPv6Number(addr: bigint): AddressClass {
  if (METADATA_V6.includes(addr)) return forbidden('metadata');
  if (addr === 0n) return forbidden('unspecified');
  if (addr === 1n) return forbidden('loopback');
  // IPv4-mapped (::ffff:a.b.c.d): the kernel connects to the IPv4 address itself.
  if (inV6(addr, 0xffffn << 32n, 96)) return classifyIPv4Number(low32(addr));
  // NAT64 well-known prefix reaches the embedded IPv4 address through a translator.
  if (inV6(addr, 0x64_ff9bn << 96n, 96)) return classifyIPv4Number(low32(addr));
  // 6to4 embeds the relay's IPv4 address in bits 16..47.
  if (inV6(addr, 0x2002n << 112n, 16)) return classifyIPv4Number(Number((addr >> 80n) & 0xffff_ffffn));
  if (inV6(addr, 0x64_ff9b_0001n << 80n, 48)) return forbidden('private');
  if (inV6(addr, 0x2001_0db8n << 96n, 32)) return forbidden('documentation');
  if (inV6(addr, 0x3fffn << 112n, 20)) return forbidden('documentation');
  if (inV6(addr, 0x2001n << 112n, 23)) return forbidden('reserved'); // IETF protocol assignments, Teredo
  if (inV6(addr, 0xfc00n << 112n, 7)) return forbidden('unique_local');
  if (inV6(addr, 0xfe80n << 112n, 10)) return forbidden('link_local');
  if (inV6(addr, 0xfec0n << 112n, 10)) return forbidden('private'); // deprecated site-local
  if (inV6(addr, 0xff00n << 112n, 8)) return forbidden('multicast');
  // Only 2000::/3 is allocated global unicast; everything else (IPv4-compatible
  // ::/96, discard 100::/64, SRv6 5f00::/16, unallocated space) is refused.
  if (!inV6(addr, 0x2000n << 112n, 3)) return forbidden('reserved');
  return PUBLIC;
}

/**
 * Classifies a textual IP address (IPv4 dotted quad or any IPv6 form, with or
 * without URL brackets). Anything that is not a valid address is `invalid`.
 */
export function classifyAddress(ip: string): AddressClass {
  const bare = ip.startsWith('[') && ip.endsWith(']') ? ip.slice(1, -1) : ip;
  const v4 = parseIPv4(bare);
  if (v4 !== undefined) return classifyIPv4Number(v4);
  const v6 = parseIPv6(bare);
  if (v6 !== undefined) return classifyIPv6Number(v6);
  return forbidden('invalid');
}

/** True when `ip` is loopback in either family (127.0.0.0/8, ::1, ::ffff:127.x.y.z). */
export function isLoopbackAddress(ip: string): boolean {
  const c = classifyAddress(ip);
  return c.kind === 'forbidden' && c.reason === 'loopback';
}
