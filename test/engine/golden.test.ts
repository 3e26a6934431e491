/**
 * Golden-structure tests on three small corpus documents, one per layout
 * family: key headings present at sensible levels, furniture gone, columns
 * read in order. They assert structure, not a byte-exact dump.
 */
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { convert } from '../../engine/index.ts';
import { corpusDir } from '../support/corpus.ts';

const PDF = corpusDir('dev', 'pdf');
const load = (id: string) => new Uint8Array(fs.readFileSync(`${PDF}/${id}.pdf`));
const headings = (md: string) => md.split('\n').filter((l) => /^#{1,6} /.test(l));

describe.skipIf(!PDF)('golden structure', () => {
  it('LaTeX (outline, fancyhdr furniture): headings from the outline, no running header or page numbers', async () => {
    const { markdown } = await convert(load('catch2-docs-assertions__latex'));
    const hs = headings(markdown);
    expect(hs[0]).toBe('# Assertion Macros');
    expect(hs).toEqual(expect.arrayContaining(['## Natural Expressions', '### Floating point comparisons', '## Exceptions', '## Thread Safety']));
    expect(markdown).not.toMatch(/^\d+$/m);
    expect(markdown).not.toMatch(/Assertion Macros\s+catch2/);
    expect(markdown).toContain('```\nCHECK( str == "string value" );\nCHECK( thisReturnsTrue() );\nREQUIRE( i == 42 );\n```');
  });

  it('Office (Page n of N footer, outline): all sections found, footer and header gone', async () => {
    const { markdown } = await convert(load('apt-readme__office'));
    const hs = headings(markdown);
    expect(hs).toEqual(expect.arrayContaining(['# APT', '## Contributing', '### Coding', '## Testing', '### Unit tests', '## Additional documentation']));
    expect(markdown).not.toMatch(/Page \d+ of \d+/);
    expect(markdown).not.toMatch(/APT\s+—\s+apt/);
  });

  it('two-column HTML print: columns read in order, spanning title first, browser furniture gone', async () => {
    const { markdown } = await convert(load('docker-extend-plugins-authorization__html-2col'));
    const hs = headings(markdown);
    expect(hs[0]).toBe('# Access authorization plugin');
    const order = ['Basic principles', 'Default user authorization mechanism', 'Basic architecture', 'Docker client flows', 'API schema and implementation']
      .map((t) => hs.findIndex((h) => h.endsWith(` ${t}`)));
    expect(order.every((i) => i > 0)).toBe(true);
    expect([...order].sort((a, b) => a - b)).toEqual(order);
    expect(markdown).not.toMatch(/Page \d+ of \d+/);
    // A paragraph that wraps across a column's lines comes out whole.
    expect(markdown).toContain("Docker's out-of-the-box authorization model is all or nothing.");
  });

  it('HTML print: list markers drawn as shapes (discs, circles) become nested Markdown lists', async () => {
    const { markdown } = await convert(load('node-browserslist-readme__html-1col'));
    expect(markdown).toContain("- `defaults`: Browserslist’s default browsers");
    expect(markdown).toMatch(/^- By usage statistics:\n {2}- `> 5%`: browsers versions selected by global usage statistics\./m);
  });
});
