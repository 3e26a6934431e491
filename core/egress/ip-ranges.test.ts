import { describe, expect, it } from 'vitest';
import { classifyAddress, isLoopbackAddress, parseAddress } from './ip-ranges.ts';

const reasonOf = (ip: string): string => {
  const c = classifyAddress(ip);
  return c.kind === 'public' ? 'public' : c.reason;
};

const normalized = (ip: string): string | undefined => parseAddress(ip)?.toNormalizedString();

describe('parseAddress: IPv6', () => {
  it('reads compressed, full and dotted-tail forms as the same address', () => {
    expect(normalized('::1')).toBe('0:0:0:0:0:0:0:1');
    expect(normalized('0:0:0:0:0:0:0:1')).toBe(normalized('::1'));
    expect(normalized('::ffff:127.0.0.1')).toBe(normalized('::ffff:7f00:1'));
    expect(normalized('fd00:ec2::254')).toBe('fd00:ec2:0:0:0:0:0:254');
    expect(normalized('2001:db8::')).toBe('2001:db8:0:0:0:0:0:0');
  });
  it('rejects non-addresses and zone ids', () => {
    expect(parseAddress('fe80::1%eth0')).toBeUndefined();
    expect(parseAddress('::ffff:999.0.0.1')).toBeUndefined();
    expect(parseAddress('[::1')).toBeUndefined();
  });
});

describe('parseAddress: IPv4', () => {
  it('parses only canonical dotted quads', () => {
    expect(normalized('127.0.0.1')).toBe('127.0.0.1');
    expect(normalized('255.255.255.255')).toBe('255.255.255.255');
    // Shorthand and radix forms are the URL parser's job; here they are not IPv4.
    expect(parseAddress('127.1')).toBeUndefined();
    expect(parseAddress('0x7f.0.0.1')).toBeUndefined();
    expect(parseAddress('2130706433')).toBeUndefined();
  });
});

describe('classifyAddress: IPv4', () => {
  it.each([
    ['0.0.0.0', 'unspecified'],
    ['0.255.1.2', 'unspecified'],
    ['10.0.0.1', 'private'],
    ['10.255.255.255', 'private'],
    ['100.64.0.1', 'cgnat'],
    ['100.127.255.255', 'cgnat'],
    ['127.0.0.1', 'loopback'],
    ['127.255.255.254', 'loopback'],
    ['169.254.0.1', 'link_local'],
    ['169.254.169.254', 'metadata'],
    ['169.254.170.2', 'metadata'],
    ['100.100.100.200', 'metadata'],
    ['168.63.129.16', 'metadata'],
    ['192.0.0.192', 'metadata'],
    ['172.16.0.1', 'private'],
    ['172.31.255.255', 'private'],
    ['192.168.1.1', 'private'],
    ['192.0.0.8', 'reserved'],
    ['192.0.2.10', 'documentation'],
    ['198.18.0.1', 'reserved'],
    ['198.19.255.255', 'reserved'],
    ['198.51.100.7', 'documentation'],
    ['203.0.113.9', 'documentation'],
    ['224.0.0.1', 'multicast'],
    ['239.255.255.250', 'multicast'],
    ['240.0.0.1', 'reserved'],
    ['255.255.255.255', 'reserved'],
  ])('%s is %s', (ip, reason) => {
    expect(reasonOf(ip)).toBe(reason);
  });

  it.each([
    '1.1.1.1',
    '8.8.8.8',
    '93.184.215.14',
    '100.63.255.255',
    '100.128.0.0',
    '172.15.255.255',
    '172.32.0.0',
    '192.167.255.255',
    '198.17.255.255',
    '198.20.0.0',
    '223.255.255.255',
    '168.63.129.17',
    '169.253.255.255',
    '11.0.0.0',
  ])('%s is public', (ip) => {
    expect(reasonOf(ip)).toBe('public');
  });
});

describe('classifyAddress: IPv6', () => {
  it.each([
    ['::', 'unspecified'],
    ['::1', 'loopback'],
    ['[::1]', 'loopback'],
    ['0:0:0:0:0:0:0:1', 'loopback'],
    ['fe80::1', 'link_local'],
    ['febf:ffff::1', 'link_local'],
    ['fec0::1', 'private'],
    ['fc00::1', 'unique_local'],
    ['fd12:3456::1', 'unique_local'],
    ['fd00:ec2::254', 'metadata'],
    ['fd00:ec2::23', 'metadata'],
    ['ff02::1', 'multicast'],
    ['ff0e::1', 'multicast'],
    ['2001:db8::1', 'documentation'],
    ['3fff::1', 'documentation'],
    ['2001::1', 'reserved'],
    ['2001:0:4136:e378:8000:63bf:3fff:fdd2', 'reserved'],
    ['100::1', 'reserved'],
    ['5f00::1', 'reserved'],
    ['::127.0.0.1', 'reserved'],
    ['::8.8.8.8', 'reserved'],
    ['1234::1', 'reserved'],
    ['4000::1', 'reserved'],
    ['64:ff9b:1::1', 'private'],
  ])('%s is %s', (ip, reason) => {
    expect(reasonOf(ip)).toBe(reason);
  });

  it.each(['2606:4700:4700::1111', '2001:4860:4860::8888', '2a00:1450:4001::1', '3ffe::1'])(
    '%s is public',
    (ip) => {
      expect(reasonOf(ip)).toBe('public');
    },
  );
});

describe('classifyAddress: IPv4 embedded in IPv6 is judged by the IPv4 address', () => {
  it.each([
    ['::ffff:127.0.0.1', 'loopback'],
    ['::ffff:7f00:1', 'loopback'],
    ['[::ffff:7f00:1]', 'loopback'],
    ['0:0:0:0:0:ffff:7f00:0001', 'loopback'],
    ['::ffff:10.0.0.1', 'private'],
    ['::ffff:a9fe:a9fe', 'metadata'],
    ['::ffff:169.254.169.254', 'metadata'],
    ['::ffff:100.64.0.1', 'cgnat'],
    ['::ffff:0.0.0.0', 'unspecified'],
    ['64:ff9b::127.0.0.1', 'loopback'],
    ['64:ff9b::a9fe:a9fe', 'metadata'],
    ['2002:7f00:1::', 'loopback'],
    ['2002:c0a8:101::1', 'private'],
    ['2002:a9fe:a9fe::', 'metadata'],
  ])('%s is %s', (ip, reason) => {
    expect(reasonOf(ip)).toBe(reason);
  });

  it.each(['::ffff:8.8.8.8', '64:ff9b::808:808', '2002:808:808::1'])('%s is public', (ip) => {
    expect(reasonOf(ip)).toBe('public');
  });
});

describe('classifyAddress: non-addresses', () => {
  it.each([
    '',
    'localhost',
    'example.com',
    '127.1',
    '0x7f.0.0.1',
    '2130706433',
    '1.2.3.4.5',
    'fe80::1%eth0',
    '[::1',
    ':::1',
  ])('%j is invalid (hostnames must be resolved first)', (text) => {
    expect(reasonOf(text)).toBe('invalid');
  });
});

describe('isLoopbackAddress', () => {
  it('accepts loopback in both families and nothing else', () => {
    expect(['127.0.0.1', '127.9.9.9', '::1', '::ffff:127.0.0.1'].map(isLoopbackAddress)).toEqual([
      true,
      true,
      true,
      true,
    ]);
    expect(['10.0.0.1', '169.254.169.254', '::', 'fe80::1', '8.8.8.8'].map(isLoopbackAddress)).toEqual([
      false,
      false,
      false,
      false,
      false,
    ]);
  });
});
