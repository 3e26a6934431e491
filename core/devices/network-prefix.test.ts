import { describe, expect, it } from 'vitest';
import { canonicalAddress, networkPrefix } from './network-prefix.ts';

describe('networkPrefix', () => {
  it('takes the /24 of IPv4, also when IPv4-mapped', () => {
    expect(networkPrefix('203.0.113.77')).toBe('203.0.113.0/24');
    expect(networkPrefix('::ffff:203.0.113.9')).toBe('203.0.113.0/24');
    expect(canonicalAddress('::FFFF:203.0.113.9')).toBe('203.0.113.9');
  });

  it('takes the /48 of IPv6 in one canonical spelling', () => {
    expect(networkPrefix('2001:db8:abcd:12::1')).toBe('2001:0db8:abcd::/48');
    expect(networkPrefix('2001:DB8:ABCD:ffff:1:2:3:4')).toBe('2001:0db8:abcd::/48');
    expect(networkPrefix('::1')).toBe('0000:0000:0000::/48');
    expect(canonicalAddress('2001:db8::1')).toBe('2001:0db8:0000:0000:0000:0000:0000:0001');
    expect(canonicalAddress('::ffff:1.2.3.4')).toBe('1.2.3.4');
    expect(canonicalAddress('64:ff9b::1.2.3.4')).toBe('0064:ff9b:0000:0000:0000:0000:0102:0304');
  });

  it('leaves an unparseable value as it is', () => {
    expect(networkPrefix('unknown')).toBe('unknown');
  });
});
