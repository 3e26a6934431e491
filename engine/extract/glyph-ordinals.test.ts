import { describe, expect, it } from 'vitest';
import { knowsText, numberedGlyphs, unmappedType3 } from './glyph-ordinals.ts';

/** /Differences naming each code `a<code>`, with `.notdef` where dvips leaves holes. */
const generic = (codes: number[], notdef: number[] = []): Map<number, string> =>
  new Map([...codes.map((c) => [c, `a${c}`] as [number, string]), ...notdef.map((c) => [c, '.notdef'] as [number, string])]);

const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);

describe('numberedGlyphs', () => {
  it("reads Ghostscript's numbered glyphs: codes from 0 nearly all named (xfig-howto's figure font)", () => {
    expect(numberedGlyphs(generic([0, ...range(3, 65)]))).toBe(true);
    // Codes 1 and 2 of the same counter, in a sibling font (Ω and μ).
    expect(numberedGlyphs(generic([1, 2]))).toBe(true);
    expect(numberedGlyphs(generic([0]))).toBe(true);
  });

  it("keeps dvips' bitmap fonts, whose codes are TeX's character codes", () => {
    // gap-doc's manual: printable codes from 34 up, with holes.
    expect(numberedGlyphs(generic([34, 35, ...range(39, 126)], [36, 37, 38]))).toBe(false);
    // A whole lower-case alphabet, dense but starting at 97.
    expect(numberedGlyphs(generic(range(97, 122)))).toBe(false);
    // Almost a full font: every printable code, but none of the 0–31 below.
    expect(numberedGlyphs(generic(range(33, 255)))).toBe(false);
    expect(numberedGlyphs(generic([42]))).toBe(false);
  });

  it('wants every name to be a<code> for its own code', () => {
    expect(numberedGlyphs(new Map([[0, 'a0'], [1, 'a2']]))).toBe(false);
    expect(numberedGlyphs(new Map([[0, 'a0'], [1, 'one']]))).toBe(false);
    expect(numberedGlyphs(new Map([[1, 'g1'], [2, 'g2']]))).toBe(false);
    expect(numberedGlyphs(new Map())).toBe(false);
    expect(numberedGlyphs(new Map([[5, '.notdef']]))).toBe(false);
  });

  it('allows a few codes below the highest to have gone to sibling fonts, not more', () => {
    expect(numberedGlyphs(generic(range(8, 71)))).toBe(true);
    expect(numberedGlyphs(generic(range(9, 71)))).toBe(false);
  });
});

describe('knowsText', () => {
  it('trusts a ToUnicode that gives letters or digits, not dingbats or control codes', () => {
    expect(knowsText(['\u2704', '\u260e', '\u2776', '\u0003'])).toBe(false);
    expect(knowsText(['\u2704', 'e'])).toBe(true);
    expect(knowsText(['7'])).toBe(true);
    expect(knowsText([])).toBe(false);
  });
});

describe('unmappedType3', () => {
  it('is numbered glyphs without a ToUnicode that knows the text', () => {
    const names = generic([0, ...range(3, 65)]);
    expect(unmappedType3(names, [])).toBe(true);
    expect(unmappedType3(names, ['\u2704', '\u2706'])).toBe(true);
    expect(unmappedType3(names, ['T', 'h', 'e'])).toBe(false);
    expect(unmappedType3(generic(range(97, 122)), [])).toBe(false);
  });
});
