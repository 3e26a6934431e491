import { describe, expect, it } from 'vitest';
import { EgressError } from './egress-error.ts';
import { parseRedirect, parseTarget, type TargetPolicy } from './target-url.ts';

const open: TargetPolicy = { schemes: 'http-or-https' };

const codeOf = (fn: () => unknown): string | undefined => {
  try {
    fn();
    return undefined;
  } catch (e) {
    return e instanceof EgressError ? e.code : 'not an EgressError';
  }
};

describe('parseTarget', () => {
  it.each([
    ['http://2130706433/', '127.0.0.1'],
    ['http://0x7f.1/', '127.0.0.1'],
    ['http://0177.0.0.01/', '127.0.0.1'],
    ['http://127.1/', '127.0.0.1'],
    ['http://0/', '0.0.0.0'],
    ['http://[::ffff:127.0.0.1]/', '::ffff:7f00:1'],
    ['http://[0:0::1]/', '::1'],
  ])('normalises the numeric host of %s to the IP literal %s', (url, host) => {
    expect(parseTarget(url, open)).toMatchObject({ hostname: host, isIpLiteral: true });
  });

  it('keeps names as names, lower-cased, and drops the fragment', () => {
    const t = parseTarget('HTTPS://Docs.Example.ORG:8443/a%20b.pdf?x=1#page=2', open);
    expect(t).toMatchObject({ hostname: 'docs.example.org', isIpLiteral: false });
    expect(t.url.href).toBe('https://docs.example.org:8443/a%20b.pdf?x=1');
  });

  it.each([
    '',
    'example.org/doc.pdf',
    'ftp://example.org/',
    'data:application/pdf;base64,JVBERi0=',
    'http://u:p@example.org/',
    'http://u@example.org/',
    'http://[fe80::1%25eth0]/',
  ])('refuses %j as invalid_url', (url) => {
    expect(codeOf(() => parseTarget(url, open))).toBe('invalid_url');
  });

  it('https-only refuses http', () => {
    expect(codeOf(() => parseTarget('http://example.org/', { schemes: 'https-only' }))).toBe('invalid_url');
    expect(codeOf(() => parseTarget('https://example.org/', { schemes: 'https-only' }))).toBeUndefined();
  });

  it('allowedHosts admits exact hosts and *. subdomains only', () => {
    const policy: TargetPolicy = { schemes: 'http-or-https', allowedHosts: ['example.org', '*.pdfs.net'] };
    const verdict = (url: string) => codeOf(() => parseTarget(url, policy)) ?? 'ok';
    expect(verdict('https://example.org/')).toBe('ok');
    expect(verdict('https://EXAMPLE.org./')).toBe('ok');
    expect(verdict('https://a.pdfs.net/')).toBe('ok');
    expect(verdict('https://a.b.pdfs.net/')).toBe('ok');
    expect(verdict('https://pdfs.net/')).toBe('forbidden_address');
    expect(verdict('https://www.example.org/')).toBe('forbidden_address');
    expect(verdict('https://example.org.evil.test/')).toBe('forbidden_address');
    expect(verdict('https://evilpdfs.net/')).toBe('forbidden_address');
  });
});

describe('parseRedirect', () => {
  it('resolves relative locations against the current URL', () => {
    const base = new URL('https://example.org/dir/page?q=1');
    expect(parseRedirect('../doc.pdf', base, open).url.href).toBe('https://example.org/doc.pdf');
    expect(parseRedirect('//cdn.example.net/x.pdf', base, open).url.href).toBe(
      'https://cdn.example.net/x.pdf',
    );
  });

  it('applies the same rules to the new URL', () => {
    const base = new URL('https://example.org/');
    expect(codeOf(() => parseRedirect('file:///etc/passwd', base, open))).toBe('invalid_url');
    expect(codeOf(() => parseRedirect('http://user:pw@example.org/', base, open))).toBe('invalid_url');
    expect(parseRedirect('http://2130706433/', base, open)).toMatchObject({
      hostname: '127.0.0.1',
      isIpLiteral: true,
    });
  });
});
