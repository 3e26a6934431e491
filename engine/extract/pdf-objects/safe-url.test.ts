import { describe, expect, it } from 'vitest';
import { isRelativeReference, linkHref, safeBaseUrl, safeLinkUrl } from './safe-url.ts';

describe('safeLinkUrl (pdf.js createValidAbsoluteUrl for links)', () => {
  it('accepts absolute http(s), ftp, mailto and tel URLs, normalised by the URL parser', () => {
    expect(safeLinkUrl('https://Example.org/a b', null)).toBe('https://example.org/a%20b');
    expect(safeLinkUrl('ftp://x.org/f', null)).toBe('ftp://x.org/f');
    expect(safeLinkUrl('mailto:a@b.org', null)).toBe('mailto:a@b.org');
    expect(safeLinkUrl('tel:+123', null)).toBe('tel:+123');
  });

  it('adds http:// to www. hosts with at least two dots', () => {
    expect(safeLinkUrl('www.example.org/x', null)).toBe('http://www.example.org/x');
    expect(safeLinkUrl('www.example', null)).toBeUndefined();
  });

  it('reads the bytes as UTF-8 when they are valid UTF-8', () => {
    expect(safeLinkUrl('https://x.org/caf\xc3\xa9', null)).toBe('https://x.org/caf%C3%A9');
    expect(safeLinkUrl('https://x.org/caf\xe9', null)).toBe('https://x.org/caf%C3%A9');
  });

  it('resolves relative targets against a base, and only then', () => {
    expect(safeLinkUrl('../b/c.html', 'https://x.org/docs/a/')).toBe('https://x.org/docs/b/c.html');
    expect(safeLinkUrl('../b/c.html', null)).toBeUndefined();
  });

  it('rejects every other scheme, however it is disguised', () => {
    for (const bad of ['javascript:alert(1)', 'JavaScript:alert(1)', ' javascript:alert(1)', 'java\nscript:alert(1)',
      'data:text/html,<script>', 'vbscript:x', 'file:///etc/passwd', 'irc://irc.example.org/x']) {
      expect(safeLinkUrl(bad, null), bad).toBeUndefined();
      expect(safeLinkUrl(bad, 'https://x.org/'), bad).toBeUndefined();
    }
  });
});

describe('safeBaseUrl', () => {
  it('accepts a safe absolute base and nothing else', () => {
    expect(safeBaseUrl('https://x.org/docs/')).toBe('https://x.org/docs/');
    expect(safeBaseUrl('www.x.org/')).toBeUndefined();
    expect(safeBaseUrl('javascript:x')).toBeUndefined();
  });
});

describe('linkHref: what may become a Markdown href', () => {
  it('prefers the safe url', () => {
    expect(linkHref('https://x.org/', 'https://x.org')).toBe('https://x.org/');
  });

  it('keeps plain relative references', () => {
    for (const ok of ['../plugin-development/index.md#generatebundle', 'LICENSE.pdf#[0,{"name":"Fit"}]', '#top', '?q=a&b=c', 'a/b:c'])
      expect(linkHref(undefined, ok), ok).toBe(ok);
  });

  it('drops unsafe schemes and anything Markdown could turn into one', () => {
    for (const bad of ['javascript:alert(1)', 'JAVASCRIPT:alert(1)', ' javascript:x', '\tjavascript:x', 'java\nscript:x',
      'javascript&#58;alert(1)', 'javascript&colon;alert(1)', 'javascript\\:alert(1)', 'data:text/html;base64,PHNjcmlwdD4=',
      'vbscript:msgbox', 'file:///etc/passwd', 'pypug:tutorials/x', 'a b', '']) {
      expect(linkHref(undefined, bad), JSON.stringify(bad)).toBeUndefined();
      expect(isRelativeReference(bad), JSON.stringify(bad)).toBe(false);
    }
  });
});
