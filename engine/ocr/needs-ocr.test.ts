import { describe, expect, it } from 'vitest';
import type { TextRun } from '../model.ts';
import { hasInkToRead, ocrWorthIt, pageNeedsOcr, textLayerFault } from './needs-ocr.ts';

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

  it('counts combining marks as letters: a page of vowel signs is text, not symbols', () => {
    // Lepcha vowel signs (U+1C2B, U+1C2E, spacing marks) as a type sample sets them, each on its own.
    const signs = Array.from({ length: 30 }, () => run('\u1c2e \u1c2b'));
    expect(textLayerFault(signs, letter)).toBeNull();
  });

  it('counts a dot leader once, so a table of contents or an index keeps its text layer', () => {
    const toc = Array.from({ length: 12 }, (_, i) => run(`${i + 1}.${i} Autoloading ${'. '.repeat(40)}${i * 7}`));
    expect(textLayerFault(toc, letter)).toBeNull();
    const index = Array.from({ length: 30 }, (_, i) => run(`-${'x'.repeat(i % 3 + 1)} ${'.'.repeat(30)} ${i + 100}`));
    expect(textLayerFault(index, letter)).toBeNull();
    // Symbols that do not repeat are still garbage.
    expect(textLayerFault([run('#$%&*+<=>@[]^_{|}~'.repeat(5))], letter)).toBe('few_letters');
  });

  it('names the fault', () => {
    expect(textLayerFault([], letter)).toBe('no_text_layer');
    expect(textLayerFault([run('\u0001\u0002\u0003\u0004\u0005\u0006\u0007\u0008\u000e ab')], letter)).toBe('unusable_glyphs');
  });

  it('reads a page without text only when it has an image or text drawn as outlines', () => {
    const blank = { ...letter, ink: { images: 0, paths: 0 } };
    expect(ocrWorthIt([], blank)).toBeNull();
    expect(ocrWorthIt([run('3')], { ...letter, ink: { images: 0, paths: 4 } })).toBeNull();
    expect(ocrWorthIt([], { ...letter, ink: { images: 1, paths: 0 } })).toBe('no_text_layer');
    expect(ocrWorthIt([], { ...letter, ink: { images: 0, paths: 400 } })).toBe('no_text_layer');
    // A reader that did not count gets the benefit of the doubt; a garbled text layer is ink itself.
    expect(hasInkToRead('no_text_layer', letter)).toBe(true);
    expect(hasInkToRead('unusable_glyphs', blank)).toBe(true);
  });
});
