import ipaddr from 'ipaddr.js';
import { isIP } from 'node:net';

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

/** A parsed address of either family (ipaddr.js). */
export type IpAddress = ipaddr.IPv4 | ipaddr.IPv6;

type Range = readonly [cidr: string, reason: ForbiddenReason];
type ParsedRange<A> = { range: [A, number]; reason: ForbiddenReason };

// Cloud metadata and platform endpoints. Most already sit in forbidden ranges;
// listing them gives a precise reason, and Azure's WireServer (168.63.129.16)
// is in public space, so only this list refuses it. The last three are AWS
// IMDS, DNS and time sync over IPv6.
const METADATA: readonly string[] = [
  '169.254.169.254', // AWS, GCP, Azure IMDS, OpenStack, DigitalOcean
  '169.254.170.2', // AWS ECS task metadata
  '169.254.169.253', // AWS VPC DNS
  '169.254.169.123', // AWS time sync
  '100.100.100.200', // Alibaba Cloud
  '168.63.129.16', // Azure WireServer
  '192.0.0.192', // Oracle Cloud
  'fd00:ec2::254',
  'fd00:ec2::23',
  'fd00:ec2::123',
];

// IANA IPv4 special-purpose registry: every block in it is refused.
const FORBIDDEN_V4: readonly Range[] = [
  ['0.0.0.0/8', 'unspecified'],
  ['10.0.0.0/8', 'private'],
  ['100.64.0.0/10', 'cgnat'],
  ['127.0.0.0/8', 'loopback'],
  ['169.254.0.0/16', 'link_local'],
  ['172.16.0.0/12', 'private'],
  ['192.0.0.0/24', 'reserved'],
  ['192.0.2.0/24', 'documentation'],
  ['192.31.196.0/24', 'reserved'],
  ['192.52.193.0/24', 'reserved'],
  ['192.88.99.0/24', 'reserved'],
  ['192.168.0.0/16', 'private'],
  ['192.175.48.0/24', 'reserved'],
  ['198.18.0.0/15', 'reserved'],
  ['198.51.100.0/24', 'documentation'],
  ['203.0.113.0/24', 'documentation'],
  ['224.0.0.0/4', 'multicast'],
  ['240.0.0.0/4', 'reserved'],
];

// IPv6 blocks refused outright, checked after the forms that embed IPv4.
const FORBIDDEN_V6: readonly Range[] = [
  ['::/128', 'unspecified'],
  ['::1/128', 'loopback'],
  ['64:ff9b:1::/48', 'private'],
  ['2001:db8::/32', 'documentation'],
  ['3fff::/20', 'documentation'],
  ['2001::/23', 'reserved'], // IETF protocol assignments, Teredo
  ['fc00::/7', 'unique_local'],
  ['fe80::/10', 'link_local'],
  ['fec0::/10', 'private'], // deprecated site-local
  ['ff00::/8', 'multicast'],
];

const parseRanges = <A extends IpAddress>(ranges: readonly Range[], parse: (cidr: string) => [A, number]) =>
  ranges.map(([cidr, reason]): ParsedRange<A> => ({ range: parse(cidr), reason }));

// Parsed on first use, not at import.
let tables: { v4: ParsedRange<ipaddr.IPv4>[]; v6: ParsedRange<ipaddr.IPv6>[]; metadata: Set<string> } | undefined;
const rangeTables = () =>
  (tables ??= {
    v4: parseRanges(FORBIDDEN_V4, (c) => ipaddr.IPv4.parseCIDR(c)),
    v6: parseRanges(FORBIDDEN_V6, (c) => ipaddr.IPv6.parseCIDR(c)),
    metadata: new Set(METADATA.map((a) => ipaddr.parse(a).toNormalizedString())),
  });

const PUBLIC: AddressClass = { kind: 'public' };
const forbidden = (reason: ForbiddenReason): AddressClass => ({ kind: 'forbidden', reason });

/**
 * Parses a canonical textual address: a dotted quad, or any IPv6 form
 * (compressed, full, dotted tail). Shorthand and radix IPv4 forms ("127.1",
 * "0x7f.0.0.1") are the URL parser's job and zone ids are refused: both are
 * undefined here.
 */
export function parseAddress(ip: string): IpAddress | undefined {
  if (isIP(ip) === 0 || ip.includes('%')) return undefined;
  return ipaddr.parse(isIP(ip) === 6 ? hexTail(ip) : ip);
}

// ipaddr.js reads the deprecated IPv4-compatible form "::a.b.c.d" as the
// IPv4-mapped "::ffff:a.b.c.d", which would make "::8.8.8.8" public. The
// kernel does not: spelling a dotted tail as two hex groups keeps its meaning.
function hexTail(ip: string): string {
  const m = /^(.*:)(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(ip);
  if (!m) return ip;
  const [a, b, c, d] = m.slice(2).map(Number) as [number, number, number, number];
  return `${m[1]}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
}

const v4FromBytes = (bytes: number[]): ipaddr.IPv4 => new ipaddr.IPv4(bytes);

function classifyV4(addr: ipaddr.IPv4): AddressClass {
  const t = rangeTables();
  if (t.metadata.has(addr.toNormalizedString())) return forbidden('metadata');
  const hit = t.v4.find((r) => addr.match(r.range));
  return hit ? forbidden(hit.reason) : PUBLIC;
}

// The IPv4 address an IPv6 address reaches, for the forms that embed one.
function embeddedV4(addr: ipaddr.IPv6): ipaddr.IPv4 | undefined {
  const bytes = addr.toByteArray();
  // IPv4-mapped (::ffff:a.b.c.d): the kernel connects to the IPv4 address itself.
  if (addr.isIPv4MappedAddress()) return addr.toIPv4Address();
  // NAT64 well-known prefix reaches the embedded IPv4 address through a translator.
  if (addr.match(ipaddr.IPv6.parseCIDR('64:ff9b::/96'))) return v4FromBytes(bytes.slice(12));
  // 6to4 embeds the relay's IPv4 address in bits 16..47.
  if (addr.match(ipaddr.IPv6.parseCIDR('2002::/16'))) return v4FromBytes(bytes.slice(2, 6));
  return undefined;
}

function classifyV6(addr: ipaddr.IPv6): AddressClass {
  const t = rangeTables();
  if (t.metadata.has(addr.toNormalizedString())) return forbidden('metadata');
  const v4 = embeddedV4(addr);
  if (v4) return classifyV4(v4);
  const hit = t.v6.find((r) => addr.match(r.range));
  if (hit) return forbidden(hit.reason);
  // Only 2000::/3 is allocated global unicast; everything else (IPv4-compatible
  // ::/96, discard 100::/64, SRv6 5f00::/16, unallocated space) is refused.
  return addr.match(ipaddr.IPv6.parseCIDR('2000::/3')) ? PUBLIC : forbidden('reserved');
}

/**
 * Classifies a textual IP address (IPv4 dotted quad or any IPv6 form, with or
 * without URL brackets). Anything that is not a valid address is `invalid`.
 */
export function classifyAddress(ip: string): AddressClass {
  const bare = ip.startsWith('[') && ip.endsWith(']') ? ip.slice(1, -1) : ip;
  const addr = parseAddress(bare);
  if (addr === undefined) return forbidden('invalid');
  return addr.kind() === 'ipv4' ? classifyV4(addr as ipaddr.IPv4) : classifyV6(addr as ipaddr.IPv6);
}

/** True when `ip` is loopback in either family (127.0.0.0/8, ::1, ::ffff:127.x.y.z). */
export function isLoopbackAddress(ip: string): boolean {
  const c = classifyAddress(ip);
  return c.kind === 'forbidden' && c.reason === 'loopback';
}
