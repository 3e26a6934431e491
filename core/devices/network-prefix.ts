/**
 * The network a client address belongs to, as a stand-in for its ASN in
 * registration limits: the /24 of an IPv4 address, the /48 of an IPv6 one.
 * IPv4-mapped IPv6 addresses (::ffff:a.b.c.d) count as IPv4.
 */
import { isIPv4, isIPv6 } from 'node:net';

/** Canonical form of an address (IPv4-mapped IPv6 unwrapped, IPv6 lower-case and fully expanded). */
export function canonicalAddress(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip)?.[1];
  if (mapped && isIPv4(mapped)) return mapped;
  if (isIPv4(ip)) return ip;
  if (isIPv6(ip)) return expandIPv6(ip).join(':');
  return ip;
}

/** `a.b.c.0/24` or `xxxx:xxxx:xxxx::/48`; an unparseable value stands for itself. */
export function networkPrefix(ip: string): string {
  const addr = canonicalAddress(ip);
  if (isIPv4(addr)) return `${addr.split('.').slice(0, 3).join('.')}.0/24`;
  if (isIPv6(ip)) return `${addr.split(':').slice(0, 3).join(':')}::/48`;
  return addr;
}

function expandIPv6(ip: string): string[] {
  const bare = ip.split('%')[0]!.toLowerCase();
  // A trailing dotted quad (::1.2.3.4) is two groups.
  const withHex = bare.replace(/(\d+)\.(\d+)\.(\d+)\.(\d+)$/, (_, a, b, c, d) =>
    [((+a << 8) | +b).toString(16), ((+c << 8) | +d).toString(16)].join(':'),
  );
  const [head = '', tail] = withHex.split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const fill = tail === undefined ? [] : Array<string>(8 - left.length - right.length).fill('0');
  return [...left, ...fill, ...right].map((g) => g.padStart(4, '0'));
}
