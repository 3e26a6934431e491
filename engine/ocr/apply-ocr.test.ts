import { describe, expect, it } from 'vitest';
import { applyOcr } from './apply-ocr.ts';
import { page, run } from '../../test/engine/build.ts';

const words = [run('Quarterly', 40, 60), run('report', 100, 60), run('Revenue', 40, 90)];
const poorLayer = page(2, [], { runs: [run('#$%&', 40, 40)] });

describe('applyOcr', () => {
  it('puts a sure reading in place of the text layer, with no warning', () => {
    const { page: p, warning } = applyOcr(poorLayer, { runs: words, lang: 'eng', confidence: 88 }, 'auto');
    expect(p.runs).toBe(words);
    expect(warning).toBeUndefined();
  });

  it('makes an unsure reading plain paragraphs and says so', () => {
    const { page: p, warning } = applyOcr(poorLayer, { runs: words, lang: 'eng', confidence: 50 }, 'auto');
    expect(p.runs).toEqual([]);
    expect(p.blocks.map((b) => b.kind)).toEqual(['paragraph', 'paragraph']);
    expect(warning).toBe('ocr_low_confidence: page 2: mean OCR word confidence 50 (eng); read as plain paragraphs');
  });

  it('leaves out a reading that is mostly invented, keeping the text layer in auto mode and nothing when forced', () => {
    const auto = applyOcr(poorLayer, { runs: words, lang: 'eng', confidence: 24 }, 'auto');
    expect(auto.page).toBe(poorLayer);
    expect(auto.warning).toMatch(/^ocr_unreadable: page 2: mean OCR word confidence 24 \(eng\); OCR text omitted$/);
    expect(applyOcr(poorLayer, { runs: words, lang: 'eng', confidence: 24 }, 'force').page.runs).toEqual([]);
  });
});
