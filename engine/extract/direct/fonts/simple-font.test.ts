import { describe, expect, it } from 'vitest';
import type { PdfValue } from '../../pdf-objects/values.ts';
import { Unsupported } from '../types.ts';
import { builtinArray, cmap, d, fakeCff, fakeTrueType, fakeType1, MemoryObjects, n } from '../../../../test/support/font-fixtures.ts';
import { fontLoader } from './load-font.ts';

type Opts = {
  type?: string; encoding?: PdfValue; toUnicode?: string; flags?: number; missingWidth?: number; program?: 'type1' | 'truetype' | 'none';
  /** The text after the Type 1 program's own /Encoding key. */
  builtin?: string;
};

/** A simple font with FirstChar 65 and widths 500, 600, 0 for A, B, C. */
function simpleFont(objects: MemoryObjects, o: Opts = {}) {
  const type = o.type ?? 'Type1';
  const program = o.program ?? (type === 'TrueType' ? 'truetype' : 'type1');
  const desc: Record<string, PdfValue> = { Type: n('FontDescriptor'), FontName: n('ABCDEF+Test-Regular'), Flags: o.flags ?? 32, Ascent: 700, Descent: -200 };
  if (program === 'type1') desc.FontFile = objects.addStream(fakeType1(undefined, o.builtin), d({ Length1: 60 }));
  if (program === 'truetype') desc.FontFile2 = objects.addStream(fakeTrueType(1900, -500, 2000));
  if (o.missingWidth !== undefined) desc.MissingWidth = o.missingWidth;
  const font: Record<string, PdfValue> = {
    Type: n('Font'), Subtype: n(type), BaseFont: n('ABCDEF+Test-Regular'), FirstChar: 65, LastChar: 67, Widths: [500, 600, 0],
    FontDescriptor: objects.add(d(desc)),
  };
  if (o.encoding !== undefined) font.Encoding = o.encoding;
  if (o.toUnicode !== undefined) font.ToUnicode = objects.addStream(o.toUnicode);
  return objects.add(d(font));
}

const text = (glyphs: { unicode: string }[]) => glyphs.map((g) => g.unicode).join('');

describe('simple fonts', () => {
  it('reports the name with its subset tag, flags and metrics as pdf.js does', () => {
    const objects = new MemoryObjects();
    const ref = simpleFont(objects);
    const font = fontLoader(objects)(ref);
    expect(font).toMatchObject({ id: `f${ref.num}_0`, name: 'ABCDEF+Test-Regular', bold: false, italic: false, monospace: false, fallbackName: 'sans-serif', ascent: 0.7, descent: -0.2 });
    expect(font.fontMatrix).toEqual([0.001, 0, 0, 0.001, 0, 0]);
  });

  it('takes widths from /Widths and /MissingWidth outside them', () => {
    const objects = new MemoryObjects();
    const font = fontLoader(objects)(simpleFont(objects, { type: 'TrueType', missingWidth: 250 }));
    expect(font.glyphs('ABCD').map((g) => g.width)).toEqual([500, 600, 0, 250]);
  });

  it('marks only code 32 as a space', () => {
    const objects = new MemoryObjects();
    const font = fontLoader(objects)(simpleFont(objects, { type: 'TrueType' }));
    expect(font.glyphs(' A').map((g) => g.isSpace)).toEqual([true, false]);
  });

  it('applies /Differences over /BaseEncoding', () => {
    const objects = new MemoryObjects();
    const encoding = d({ BaseEncoding: n('WinAnsiEncoding'), Differences: [65, n('fi'), n('eacute'), 0x93, n('uni2192')] });
    const font = fontLoader(objects)(simpleFont(objects, { type: 'TrueType', encoding }));
    expect(text(font.glyphs('ABC\x93\x94'))).toBe('\ufb01éC→”');
  });

  it('lets /ToUnicode win and fills its gaps from the encoding', () => {
    const objects = new MemoryObjects();
    const encoding = d({ Differences: [65, n('ff')] });
    const font = fontLoader(objects)(simpleFont(objects, { type: 'TrueType', encoding, toUnicode: cmap('1 beginbfchar <42> <0058> endbfchar') }));
    expect(text(font.glyphs('AB'))).toBe('\ufb00X');
  });

  it('without an encoding, keeps /ToUnicode gaps as the code itself', () => {
    const objects = new MemoryObjects();
    const font = fontLoader(objects)(simpleFont(objects, { type: 'TrueType', flags: 4, toUnicode: cmap('1 beginbfchar <41> <0078> endbfchar') }));
    expect(text(font.glyphs('AB'))).toBe('xB');
  });

  it('computes monospace from the widths, not the flags', () => {
    const objects = new MemoryObjects();
    const ref = objects.add(d({ ...Object.fromEntries((objects.resolve(simpleFont(objects, { type: 'TrueType' })) as { map: Map<string, PdfValue> }).map), Widths: [600, 600, 600] }));
    const font = fontLoader(objects)(ref);
    expect(font.monospace).toBe(true);
    expect(font.fallbackName).toBe('monospace');
  });

  it('takes a TrueType program\'s ascent and descent from hhea over unitsPerEm', () => {
    const objects = new MemoryObjects();
    const font = fontLoader(objects)(simpleFont(objects, { type: 'TrueType' }));
    expect([font.ascent, font.descent]).toEqual([0.95, -0.25]);
  });
});

describe('simple fonts pdf.js reads differently', () => {
  it('refuses non-embedded fonts and a Type3 font without /Widths, and remembers the refusal', () => {
    const objects = new MemoryObjects();
    const load = fontLoader(objects);
    const type3 = objects.add(d({ Type: n('Font'), Subtype: n('Type3') }));
    expect(() => load(type3)).toThrow(Unsupported);
    expect(() => load(type3)).toThrow(Unsupported);
    expect(() => load(simpleFont(objects, { program: 'none' }))).toThrow(/not embedded/);
  });

  it('refuses glyph names outside our table, but only when they are shown', () => {
    const objects = new MemoryObjects();
    const font = fontLoader(objects)(simpleFont(objects, { type: 'TrueType', encoding: d({ Differences: [65, n('A'), n('weirdname')] }) }));
    expect(text(font.glyphs('A'))).toBe('A');
    expect(() => font.glyphs('B')).toThrow(Unsupported);
  });

  it('takes the text of codes the font\'s /Encoding leaves open from the program\'s built-in encoding (TeX fonts)', () => {
    const objects = new MemoryObjects();
    // CMR10's OT1 layout: fi at 0x0C, endash at 0x7B; no /Encoding, no /ToUnicode.
    const builtin = builtinArray({ 0x0c: 'fi', 0x41: 'A', 0x42: 'B', 0x7b: 'endash' });
    const font = fontLoader(objects)(simpleFont(objects, { builtin }));
    expect(text(font.glyphs('\x0cAB{'))).toBe('\ufb01AB\u2013');
    const withDiffs = fontLoader(objects)(simpleFont(objects, { builtin, encoding: d({ Differences: [0x42, n('C')] }) }));
    expect(text(withDiffs.glyphs('\x0cB'))).toBe('\ufb01C');
  });

  it('leaves the text alone when the program has no built-in encoding or the standard one', () => {
    const objects = new MemoryObjects();
    expect(text(fontLoader(objects)(simpleFont(objects)).glyphs('AB'))).toBe('AB');
    const standard = fontLoader(objects)(simpleFont(objects, { builtin: 'StandardEncoding def' }));
    expect(text(standard.glyphs('AB\x27'))).toBe('AB\u2019');
  });

  it('refuses a built-in glyph name outside our glyph list, and a built-in encoding we do not carry', () => {
    const objects = new MemoryObjects();
    const font = fontLoader(objects)(simpleFont(objects, { builtin: builtinArray({ 0x41: 'A', 0x42: 'arrowhookleft' }) }));
    expect(text(font.glyphs('A'))).toBe('A');
    expect(() => font.glyphs('B')).toThrow(/font program/);
    const symbol = fontLoader(objects)(simpleFont(objects, { builtin: 'SymbolSetEncoding def', encoding: d({ Differences: [65, n('A')] }) }));
    expect(text(symbol.glyphs('A'))).toBe('A');
    expect(() => symbol.glyphs('B')).toThrow(/font program/);
  });

  it('refuses a Type 1 program with another FontMatrix, and a program of the wrong kind', () => {
    const objects = new MemoryObjects();
    const ref = simpleFont(objects, { toUnicode: cmap('') });
    const desc = objects.resolve((objects.resolve(ref) as { map: Map<string, PdfValue> }).map.get('FontDescriptor')) as { map: Map<string, PdfValue> };
    desc.map.set('FontFile', objects.addStream(fakeType1('[0.0005 0 0 0.0005 0 0]')));
    expect(() => fontLoader(objects)(ref)).toThrow(/FontMatrix/);
    // A slanted face (CMSL: skew only) keeps the scale, so it reads as usual.
    desc.map.set('FontFile', objects.addStream(fakeType1('[0.001 0 0.000167 0.001 0 0]')));
    expect(text(fontLoader(objects)(ref).glyphs('A'))).toBe('A');
    expect(() => fontLoader(objects)(simpleFont(objects, { type: 'TrueType', program: 'type1' }))).toThrow(/font program/);
  });

  it('refuses fonts without /Widths', () => {
    const objects = new MemoryObjects();
    const ref = simpleFont(objects, { type: 'TrueType' });
    (objects.resolve(ref) as { map: Map<string, PdfValue> }).map.delete('Widths');
    expect(() => fontLoader(objects)(ref)).toThrow(/Widths/);
  });
});

describe('Type 1 fonts with a CFF program (FontFile3 /Type1C), read as pdftotext reads them', () => {
  /** A Type 1 font over a CFF program with `codes`, widths 500 from code 0 to 255. */
  function cffFont(objects: MemoryObjects, codes: Record<number, string>, o: { toUnicode?: string; encoding?: PdfValue; matrix?: number[] } = {}) {
    const program = objects.addStream(fakeCff(codes, o.matrix), d({ Subtype: n('Type1C') }));
    const desc = objects.add(d({ Type: n('FontDescriptor'), FontName: n('OXBFNF+CMR10'), Flags: 4, Ascent: 694, Descent: -194, FontFile3: program }));
    const font: Record<string, PdfValue> = {
      Type: n('Font'), Subtype: n('Type1'), BaseFont: n('OXBFNF+CMR10'), FirstChar: 0, LastChar: 255, Widths: Array.from({ length: 256 }, () => 500), FontDescriptor: desc,
    };
    if (o.toUnicode !== undefined) font.ToUnicode = objects.addStream(o.toUnicode);
    if (o.encoding !== undefined) font.Encoding = o.encoding;
    return objects.add(d(font));
  }
  const OT1 = { 0x0b: 'ff', 0x0c: 'fi', 0x0e: 'ffi', 0x63: 'c', 0x64: 'd', 0x65: 'e', 0x69: 'i', 0x70: 'p', 0x73: 's', 0x7b: 'endash' };

  it('completes a partial /ToUnicode (dvipdfmx writes ff and ffi only) from the glyph names', () => {
    const objects = new MemoryObjects();
    const toUnicode = cmap('2 beginbfchar <0B> <FB00> <0E> <FB03> endbfchar');
    const font = fontLoader(objects)(cffFont(objects, OT1, { toUnicode }));
    // "speci\x0ced 1{2": pdf.js reads code 12 as U+000C and 123 as `{`.
    expect(text(font.glyphs('speci\x0ced'))).toBe('speci\ufb01ed');
    expect(text(font.glyphs('\x7b\x0b\x0e'))).toBe('\u2013\ufb00\ufb03');
  });

  it('reads the built-in encoding without /ToUnicode, with /Differences over it', () => {
    const objects = new MemoryObjects();
    const font = fontLoader(objects)(cffFont(objects, OT1, { encoding: d({ Differences: [0x64, n('quotedblright')] }) }));
    expect(text(font.glyphs('\x0cd\x7b'))).toBe('\ufb01\u201d\u2013');
  });

  it('gives no text for a code without a glyph or whose glyph name the glyph list does not know', () => {
    const objects = new MemoryObjects();
    const font = fontLoader(objects)(cffFont(objects, { 0x41: 'A', 0x42: 'c56' }));
    expect(text(font.glyphs('ABZ'))).toBe('A');
  });

  it('refuses a CFF program with a scaling FontMatrix, and a CFF program under a TrueType font', () => {
    const objects = new MemoryObjects();
    expect(() => fontLoader(objects)(cffFont(objects, OT1, { matrix: [0.0005, 0, 0, 0.0005, 0, 0] }))).toThrow(/FontMatrix/);
    const tt = simpleFont(objects, { type: 'TrueType', program: 'none' });
    const desc = objects.resolve((objects.resolve(tt) as { map: Map<string, PdfValue> }).map.get('FontDescriptor')) as { map: Map<string, PdfValue> };
    desc.map.set('FontFile3', objects.addStream(fakeCff(OT1), d({ Subtype: n('Type1C') })));
    expect(() => fontLoader(objects)(tt)).toThrow(/FontFile3/);
  });
});

describe('TeX math glyph names', () => {
  it('reads CMSY\'s names through the glyph list in a Type 1 program (as pdf.js) and TeX\'s own in a CFF one', () => {
    const objects = new MemoryObjects();
    const type1 = fontLoader(objects)(simpleFont(objects, { builtin: builtinArray({ 0x41: 'angbracketleft', 0x42: 'circlecopyrt', 0x43: 'openbullet' }) }));
    expect(text(type1.glyphs('ABC'))).toBe('\u3008\u00a9\u25e6');
    // Names neither table knows: TeX's own (texinfo's ␣ in CMTT, ⌊ in CMSY), where pdf.js leaves the code's letter.
    const texOwn = fontLoader(objects)(simpleFont(objects, { builtin: builtinArray({ 0x41: 'visiblespace', 0x42: 'floorleft' }) }));
    expect(text(texOwn.glyphs('AB'))).toBe('\u2423\u230a');
    const program = objects.addStream(fakeCff({ 0x41: 'floorleft', 0x42: 'rho1', 0x43: 'angbracketright' }), d({ Subtype: n('Type1C') }));
    const desc = objects.add(d({ Type: n('FontDescriptor'), FontName: n('CMSY10'), Flags: 4, FontFile3: program }));
    const cff = fontLoader(objects)(objects.add(d({ Type: n('Font'), Subtype: n('Type1'), BaseFont: n('CMSY10'), FirstChar: 65, LastChar: 67, Widths: [500, 500, 500], FontDescriptor: desc })));
    expect(text(cff.glyphs('ABC'))).toBe('\u230a\u03f1\u3009');
  });
});
