import { describe, expect, it } from 'vitest';
import type { PdfValue } from '../../pdf-objects/values.ts';
import { Unsupported } from '../types.ts';
import { cmap, d, fakeTrueType, MemoryObjects, n, s } from '../../../../test/support/font-fixtures.ts';
import { fontLoader } from './load-font.ts';

type Opts = { encoding?: PdfValue; w?: PdfValue; dw?: number; toUnicode?: string; subtype?: string; info?: [string, string] };

function type0(objects: MemoryObjects, o: Opts = {}) {
  const desc = objects.add(d({ FontName: n('AAAAAA+Mono'), Flags: 4, Ascent: 900, Descent: -300, FontFile2: objects.addStream(fakeTrueType(1638, -410, 2048)) }));
  const cid: Record<string, PdfValue> = { Type: n('Font'), Subtype: n(o.subtype ?? 'CIDFontType2'), BaseFont: n('AAAAAA+Mono'), FontDescriptor: desc };
  if (o.w !== undefined) cid.W = o.w;
  if (o.dw !== undefined) cid.DW = o.dw;
  if (o.info) cid.CIDSystemInfo = d({ Registry: s(o.info[0]), Ordering: s(o.info[1]), Supplement: 0 });
  const font: Record<string, PdfValue> = { Type: n('Font'), Subtype: n('Type0'), BaseFont: n('AAAAAA+Mono'), Encoding: o.encoding ?? n('Identity-H'), DescendantFonts: [objects.add(d(cid))] };
  if (o.toUnicode !== undefined) font.ToUnicode = objects.addStream(o.toUnicode);
  return objects.add(d(font));
}

describe('Type0 fonts with Identity-H', () => {
  it('reads two-byte codes, text from /ToUnicode and never a space', () => {
    const objects = new MemoryObjects();
    const font = fontLoader(objects)(type0(objects, { toUnicode: cmap('2 beginbfchar <0003> <0020> <0024> <0041> endbfchar', '<0000> <FFFF>') }));
    const glyphs = font.glyphs('\x00\x03\x00\x24\x00\x25');
    // CID 0x25 is not in the /ToUnicode: a glyph with no character (a conjunct), not the invented letter '%'.
    expect(glyphs.map((g) => g.unicode)).toEqual([' ', 'A', '']);
    expect(glyphs.every((g) => !g.isSpace)).toBe(true);
  });

  it('reads a CID as its own character only when the font has no /ToUnicode at all (as pdf.js)', () => {
    const objects = new MemoryObjects();
    const font = fontLoader(objects)(type0(objects));
    expect(font.glyphs('\x00\x41').map((g) => g.unicode)).toEqual(['A']);
  });

  it('reads /W in both forms, with /DW for the rest', () => {
    const objects = new MemoryObjects();
    const font = fontLoader(objects)(type0(objects, { w: [1, [500, 600], 10, 12, 700], dw: 333.2 }));
    expect(font.glyphs('\x00\x01\x00\x02\x00\x0b\x00\x0d').map((g) => g.width)).toEqual([500, 600, 700, 334]);
  });

  it('defaults /DW to 1000 and calls equal widths monospace', () => {
    const objects = new MemoryObjects();
    const font = fontLoader(objects)(type0(objects, { w: [1, 5, 1000] }));
    expect(font.glyphs('\x00\x09')[0]!.width).toBe(1000);
    expect(font.monospace).toBe(true);
    expect(font.fallbackName).toBe('monospace');
  });

  it('reads a lone trailing byte as a code times 256, and takes metrics from hhea', () => {
    const objects = new MemoryObjects();
    const font = fontLoader(objects)(type0(objects));
    expect(font.glyphs('\x00\x41\x01').map((g) => g.unicode)).toEqual(['A', '\u0100']);
    expect([font.ascent, font.descent]).toEqual([1638 / 2048, -410 / 2048]);
  });

  it('refuses vertical writing, other CMaps and CFF descendants', () => {
    const objects = new MemoryObjects();
    const load = fontLoader(objects);
    expect(() => load(type0(objects, { encoding: n('Identity-V') }))).toThrow(Unsupported);
    expect(() => load(type0(objects, { encoding: n('UniJIS-UCS2-H') }))).toThrow(Unsupported);
    expect(() => load(type0(objects, { encoding: objects.addStream('cmap') }))).toThrow(Unsupported);
    expect(() => load(type0(objects, { subtype: 'CIDFontType0' }))).toThrow(Unsupported);
  });

  it('refuses Adobe CJK collections without /ToUnicode', () => {
    const objects = new MemoryObjects();
    expect(() => fontLoader(objects)(type0(objects, { info: ['Adobe', 'Japan1'] }))).toThrow(/CJK/);
    expect(fontLoader(objects)(type0(objects, { info: ['Adobe', 'Identity'] })).name).toBe('AAAAAA+Mono');
  });
});
