import { describe, expect, it } from 'vitest';
import { applyRegionOcr } from './apply-region-ocr.ts';
import { page, run } from '../../test/engine/build.ts';

const caption = run('Figure 7: Pasted Text', 40, 200);
const layer = page(3, [], { runs: [caption] });
const words = [run('Xfig', 60, 100), run('is', 90, 100), run('great', 104, 100)];

describe('applyRegionOcr', () => {
  it("adds a region's words to the page's text layer, with no warning", () => {
    const { page: p, warnings } = applyRegionOcr(layer, [{ runs: words, lang: 'eng', confidence: 85 }]);
    expect(p.runs).toEqual([caption, ...words]);
    expect(warnings).toEqual([]);
  });

  it('keeps an unsure reading of a region as words: a region is no page structure to invent', () => {
    expect(applyRegionOcr(layer, [{ runs: words, lang: 'eng', confidence: 50 }]).page.runs).toEqual([caption, ...words]);
  });

  it('leaves out a reading that is mostly invented, says so, and keeps the rest of the page', () => {
    const { page: p, warnings } = applyRegionOcr(layer, [{ runs: words, lang: 'eng', confidence: 24 }, { runs: [], lang: 'eng', confidence: 0 }]);
    expect(p).toBe(layer);
    expect(warnings).toEqual(['ocr_unreadable: page 3: a region of glyphs without text: mean OCR word confidence 24 (eng); OCR text omitted']);
  });
});
