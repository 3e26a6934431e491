import { describe, expect, it } from 'vitest';
import { escapeHtml } from './escape-html.ts';
import { contentSecurityPolicy, renderPage } from './html-page.ts';

describe('pages', () => {
  it('escape every character that could open markup or leave an attribute', () => {
    expect(escapeHtml(`<a href="x" onclick='y'>&amp;</a>`)).toBe('&lt;a href=&quot;x&quot; onclick=&#39;y&#39;&gt;&amp;amp;&lt;/a&gt;');
  });

  it('put the nonce on the style and the script, and the policy allows nothing inline without it', () => {
    const html = renderPage({ title: '<b>t</b>', main: '<p>m</p>', script: 'run()' }, 'N0nce');
    expect(html).toContain('<title>&lt;b&gt;t&lt;/b&gt; · p2m</title>');
    expect(html).toContain('<style nonce="N0nce">');
    expect(html).toContain('<script nonce="N0nce">run()</script>');
    expect(html).toMatch(/<main id="main">\n<p>m<\/p>\n<\/main>/);
    const csp = contentSecurityPolicy('N0nce');
    expect(csp).toContain("script-src 'nonce-N0nce'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toContain('unsafe');
  });

  it('leave the script out of pages that have none', () => {
    expect(renderPage({ title: 't', main: '' }, 'n')).not.toContain('<script');
  });
});
