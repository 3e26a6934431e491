import { describe, expect, it } from 'vitest';
import { renderBlocks, RENDERERS } from './index.ts';
import { escapeLineStart, renderInline } from './inline.ts';
import type { Block, Prov } from '../model.ts';

const prov: Prov = { page: 1, box: { x0: 0, y0: 0, x1: 1, y1: 1 } };
const cell = (text: string, extra = {}) => ({ spans: [{ text }], ...extra });

describe('Markdown renderer', () => {
  it('has a renderer for every block kind', () => {
    expect(Object.keys(RENDERERS).sort()).toEqual(['code', 'footnote', 'heading', 'image', 'list', 'paragraph', 'quote', 'rule', 'table']);
  });

  it('renders footnote references and definitions', () => {
    expect(renderInline([{ text: 'Claim' }, { text: '1', note: 1 }, { text: ' holds.' }])).toBe('Claim[^1] holds.');
    expect(renderBlocks([{ kind: 'footnote', label: 1, spans: [{ text: 'Smith, *1999*.' }], prov }])).toBe('[^1]: Smith, \\*1999\\*.');
  });

  it('renders ATX headings without the heading font emphasis', () => {
    expect(renderBlocks([{ kind: 'heading', level: 2, spans: [{ text: 'Install', bold: true }], prov }])).toBe('## Install');
    // A section number is no list marker inside a heading: no backslash.
    expect(renderBlocks([{ kind: 'heading', level: 4, spans: [{ text: '1. Wide text' }], prov }])).toBe('#### 1. Wide text');
  });

  it('renders emphasis, inline code and links, merging adjacent spans', () => {
    const md = renderInline([{ text: 'Use ' }, { text: 'npm', code: true }, { text: ' to ' }, { text: 'install', bold: true }, { text: ' it', bold: true }, { text: ' (' }, { text: 'docs', href: 'https://x.org/a b' }, { text: ').' }]);
    expect(md).toBe('Use `npm` to **install it** ([docs](https://x.org/a%20b)).');
  });

  it('nests italic inside bold instead of stacking markers', () => {
    expect(renderInline([{ text: '--katex[=', bold: true }, { text: 'URL', bold: true, italic: true }, { text: ']', bold: true }, { text: ' rest' }]))
      .toBe('**--katex\\[=*URL*\\]** rest');
  });

  it('escapes Markdown-special characters and line-start constructs', () => {
    expect(renderInline([{ text: 'a *b* [c] <d> snake_case' }])).toBe('a \\*b\\* \\[c\\] \\<d\\> snake_case');
    expect(escapeLineStart('# not a heading')).toBe('\\# not a heading');
    expect(escapeLineStart('1. not a list')).toBe('1\\. not a list');
    expect(escapeLineStart('- not a bullet')).toBe('\\- not a bullet');
  });

  it('renders a simple table as a GFM pipe table, escaping pipes', () => {
    const t: Block = { kind: 'table', prov, rows: [[cell('Name', { header: true }), cell('Value', { header: true })], [cell('a|b'), cell('1')]] };
    expect(renderBlocks([t])).toBe('| Name | Value |\n| --- | --- |\n| a\\|b | 1 |');
  });

  it('renders a table with spanning cells as HTML', () => {
    const t: Block = { kind: 'table', prov, rows: [[cell('Wide', { colspan: 2, header: true })], [cell('x<y'), cell('2')]] };
    expect(renderBlocks([t])).toBe('<table>\n<tr><th colspan="2">Wide</th></tr>\n<tr><td>x&lt;y</td><td>2</td></tr>\n</table>');
  });

  it('fences code with a fence longer than any inside it', () => {
    expect(renderBlocks([{ kind: 'code', text: 'a\n```\nb', prov }])).toBe('````\na\n```\nb\n````');
  });

  it('renders quotes, rules and nested lists', () => {
    const list: Block = { kind: 'list', ordered: true, start: 1, prov, items: [{ spans: [{ text: 'one' }], children: [{ kind: 'list', ordered: false, prov, items: [{ spans: [{ text: 'inner' }], children: [] }] }] }] };
    expect(renderBlocks([list])).toBe('1. one\n   - inner');
    expect(renderBlocks([{ kind: 'quote', prov, children: [{ kind: 'paragraph', prov, spans: [{ text: 'quoted' }] }] }, { kind: 'rule', prov }])).toBe('> quoted\n\n---');
  });
});

describe('picture renderer', () => {
  it('links the PNG with its alt text on one line, brackets escaped', () => {
    const prov = { page: 3, box: { x0: 0, y0: 0, x1: 10, y1: 10 } };
    expect(renderBlocks([{ kind: 'image', name: 'images/p3-1.png', alt: 'Figure 2 [detail]\nof the map', prov }])).toBe(
      '![Figure 2 \\[detail\\] of the map](images/p3-1.png)',
    );
  });
});
