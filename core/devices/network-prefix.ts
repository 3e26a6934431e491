/**
 * The network a client address belongs to, as a stand-in for its ASN in
 * registration limits: the /24 of an IPv4 address, the /48 of an IPv6 one.
 * IPv4-mapped IPv6 addresses (::ffff:a.b.c.d) count as IPv4.
 */
import ipaddr from 'ipaddr.js';
import { parseAddress, type IpAddress } from '../egress/ip-ranges.ts';

// Eight groups of four hex digits, lower-case.
const fullGroups = (addr: ipaddr.IPv6): string[] => addr.toNormalizedString().split(':').map((g) => g.padStart(4, '0'));

// IPv4-mapped IPv6 unwrapped to the IPv4 address it stands for.
const unmapped = (ip: string): IpAddress | undefined => {
  const addr = parseAddress(ip.split('%')[0]!);
  return addr instanceof ipaddr.IPv6 && addr.isIPv4MappedAddress() ? addr.toIPv4Address() : addr;
};

/** Canonical form of an address (IPv4-mapped IPv6 unwrapped, IPv6 lower-case and fully expanded). */
export function canonicalAddress(ip: string): string {
  const addr = unmapped(ip);
  if (addr === undefined) return ip;
  return addr instanceof ipaddr.IPv6 ? fullGroups(addr).join(':') : addr.toString();
}

/** `a.b.c.0/24` or `xxxx:xxxx:xxxx::/48`; an unparseable value stands for itself. */
export function networkPrefix(ip: string): string {
  const addr = unmapped(ip);
  if (addr === undefined) return ip;
  if (addr instanceof ipaddr.IPv4) return `${addr.octets.slice(0, 3).join('.')}.0/24`;
  return `${fullGroups(addr).slice(0, 3).join(':')}::/48`;
}
