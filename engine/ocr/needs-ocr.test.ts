import { describe, expect, it } from 'vitest';
import type { TextRun } from '../model.ts';
import { pageNeedsOcr } from './needs-ocr.ts';

const letter = { width: 612, height: 792 };
const run = (text: string): TextRun => ({
  text, box: { x0: 0, y0: 0, x1: 10, y1: 10 }, fontName: 'f', fontSize: 10,
  bold: false, italic: false, monospace: false, dir: 'ltr',
});

describe('pageNeedsOcr', () => {
  it('wants OCR for a page without a text layer', () => {
    expect(pageNeedsOcr([], letter)).toBe(true);
    expect(pageNeedsOcr([run('12')], letter)).toBe(true);
  });

  it('keeps a readable text layer', () => {
    expect(pageNeedsOcr([run('The quick brown fox jumps over the lazy dog.')], letter)).toBe(false);
  });

  it('wants OCR when glyphs map to private-use code points', () => {
    const pua = String.fromCodePoint(...Array.from({ length: 40 }, (_, i) => 0xe000 + i));
    expect(pageNeedsOcr([run(pua), run('ok')], letter)).toBe(true);
  });

  it('wants OCR when a long text layer has hardly any letters', () => {
    expect(pageNeedsOcr([run('#$%&'.repeat(20))], letter)).toBe(true);
    // Short symbol-heavy text (a formula) is not enough evidence.
    expect(pageNeedsOcr([run('x = (a + b) / 2; y = x * x')], letter)).toBe(false);
  });
});
