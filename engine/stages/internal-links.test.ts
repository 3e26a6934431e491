import { describe, expect, it } from 'vitest';
import type { Block, Doc } from '../model.ts';
import { DEFAULT_CONFIG } from '../stage.ts';
import { internalLinks, slug } from './internal-links.ts';

const prov = (page: number, y0: number) => ({ page, box: { x0: 50, y0, x1: 300, y1: y0 + 14 } });
const heading = (text: string, page: number, y0: number): Block => ({ kind: 'heading', level: 2, spans: [{ text }], prov: prov(page, y0) });
const link = (text: string, href: string): Block => ({ kind: 'paragraph', spans: [{ text, href }], prov: prov(1, 100) });

describe('internalLinks', () => {
  it('makes GitHub slugs', () => {
    expect(slug('Setup & Install (v2)')).toBe('setup--install-v2');
    expect(slug('Über die API_v1')).toBe('über-die-api_v1');
  });

  it('points links at the heading that starts at their destination, numbering repeated slugs', () => {
    const doc: Doc = {
      pages: [
        { number: 1, width: 600, height: 800, runs: [], rules: [], lines: [], blocks: [link('a', 'p2m-dest:@2:98'), link('b', 'p2m-dest:@2:400'), link('c', 'p2m-dest:@2:600'), link('d', 'p2m-dest:bad')] },
        { number: 2, width: 600, height: 800, runs: [], rules: [], lines: [], blocks: [heading('Notes', 2, 100), heading('Notes', 2, 410)] },
      ],
      signals: { outline: [], tagged: false }, warnings: [],
    };
    const spans = internalLinks.run(doc, DEFAULT_CONFIG).pages[0]!.blocks.map((b) => (b.kind === 'paragraph' ? b.spans[0] : undefined));
    expect(spans).toEqual([{ text: 'a', href: '#notes' }, { text: 'b', href: '#notes-1' }, { text: 'c' }, { text: 'd' }]);
  });
});
