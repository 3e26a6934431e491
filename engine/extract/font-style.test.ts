import { describe, expect, it } from 'vitest';
import { surelyMonospaced } from './font-style.ts';

describe('surelyMonospaced', () => {
  it('takes a short run in a font only flagged monospaced (a one-glyph math subset) as prose', () => {
    const mathItalic = { fontName: 'GAIJMH+AdvP4C4E51', monospace: true };
    expect(surelyMonospaced({ ...mathItalic, text: 'a' })).toBe(false);
    expect(surelyMonospaced({ ...mathItalic, text: ';' })).toBe(false);
    expect(surelyMonospaced({ ...mathItalic, text: 'npm install' })).toBe(true);
  });

  it('keeps short runs in fonts whose name says monospace, and never calls a proportional font monospaced', () => {
    expect(surelyMonospaced({ fontName: 'ABCDEF+LiberationMono', monospace: true, text: ';' })).toBe(true);
    expect(surelyMonospaced({ fontName: 'Courier', monospace: true, text: 'x' })).toBe(true);
    expect(surelyMonospaced({ fontName: 'Helvetica', monospace: false, text: 'a longer run' })).toBe(false);
  });
});
