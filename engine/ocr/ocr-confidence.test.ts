import { describe, expect, it } from 'vitest';
import { meanConfidence, ocrTrust, plainParagraphs, OCR_PLAIN_CONFIDENCE, OCR_STRUCTURE_CONFIDENCE } from './ocr-confidence.ts';
import { run } from '../../test/engine/build.ts';

describe('OCR confidence', () => {
  it('weights the mean by characters', () => {
    const bbox = { x0: 0, y0: 0, x1: 1, y1: 1 };
    const lines = [{ bbox, words: [{ text: 'garbled', confidence: 20, bbox }, { text: '7', confidence: 90, bbox }] }];
    expect(meanConfidence(lines)).toBeCloseTo((7 * 20 + 90) / 8);
    expect(meanConfidence([])).toBe(0);
  });

  it('trusts structure only from a sure reading', () => {
    expect(ocrTrust(OCR_STRUCTURE_CONFIDENCE)).toBe('structure');
    expect(ocrTrust(OCR_STRUCTURE_CONFIDENCE - 1)).toBe('plain');
    expect(ocrTrust(OCR_PLAIN_CONFIDENCE - 1)).toBe('omit');
  });

  it('makes plain paragraphs from words, split at wide gaps, with no source lines for later stages', () => {
    const runs = [run('Big', 40, 100, { fontSize: 30 }), run('first', 40, 140), run('line', 80, 140), run('second', 40, 152), run('after', 40, 200)];
    const blocks = plainParagraphs(runs, { number: 3, width: 600, height: 800 });
    expect(blocks.map((b) => b.kind === 'paragraph' && b.spans.map((s) => s.text).join(''))).toEqual(['Big', 'first line second', 'after']);
    expect(blocks.every((b) => b.kind === 'paragraph' && b.lines === undefined && b.prov.page === 3)).toBe(true);
  });
});
