import { describe, expect, it } from 'vitest';
import type { PdfValue } from '../../pdf-objects/values.ts';
import { Unsupported } from '../types.ts';
import { cmap, d, MemoryObjects, n } from '../../../../test/support/font-fixtures.ts';
import { fontLoader } from './load-font.ts';
import { OUTSIDE_GLYPH_LIST } from './type3-names.ts';

type Opts = {
  matrix?: number[]; bbox?: number[]; differences?: PdfValue[]; toUnicode?: string; descriptor?: Record<string, PdfValue>;
  /** Glyph procedures by name (content text); default one `d1` glyph per difference name. */
  procs?: Record<string, string>;
};

/** A Type 3 font with FirstChar 65 and widths 50, 60, 70 (glyph space) for codes 65-67. */
function type3(objects: MemoryObjects, o: Opts = {}) {
  const differences = o.differences ?? [65, n('A'), n('B'), n('C')];
  const names = differences.filter((v): v is { kind: 'name'; name: string } => typeof v === 'object' && v !== null && 'kind' in v && v.kind === 'name');
  const procs = o.procs ?? Object.fromEntries(names.map((x) => [x.name, '60 0 0 0 50 70 d1 0 0 50 70 re f']));
  const font: Record<string, PdfValue> = {
    Type: n('Font'), Subtype: n('Type3'), BaseFont: n('Ignored'), FontMatrix: o.matrix ?? [0.01, 0, 0, 0.01, 0, 0],
    FontBBox: o.bbox ?? [0, -20, 60, 80], FirstChar: 65, LastChar: 67, Widths: [50, 60, 70],
    Encoding: d({ Type: n('Encoding'), Differences: differences }),
    CharProcs: d(Object.fromEntries(Object.entries(procs).map(([k, v]) => [k, objects.addStream(v)]))),
  };
  if (o.toUnicode !== undefined) font.ToUnicode = objects.addStream(o.toUnicode);
  if (o.descriptor) font.FontDescriptor = objects.add(d({ Type: n('FontDescriptor'), ...o.descriptor }));
  return objects.add(d(font));
}

const text = (glyphs: { unicode: string }[]) => glyphs.map((g) => g.unicode).join('');

describe('Type 3 fonts', () => {
  it('carry their FontMatrix and glyph-space widths, and are named Type3 as pdf.js names them', () => {
    const objects = new MemoryObjects();
    const font = fontLoader(objects)(type3(objects));
    expect(font).toMatchObject({ name: 'Type3', bold: false, italic: false, monospace: false, fallbackName: 'sans-serif' });
    expect(font.ascent).toBeNaN();
    expect(font.fontMatrix).toEqual([0.01, 0, 0, 0.01, 0, 0]);
    expect(font.glyphs('ABCD').map((g) => g.width)).toEqual([50, 60, 70, 0]);
    expect(text(font.glyphs('ABC'))).toBe('ABC');
  });

  it('take the name, flags and metrics of a descriptor', () => {
    const objects = new MemoryObjects();
    const font = fontLoader(objects)(type3(objects, { descriptor: { FontName: n('XYZ+Times-Roman'), Flags: 34, Ascent: 800, Descent: -200 } }));
    expect(font).toMatchObject({ name: 'XYZ+Times-Roman', fallbackName: 'serif', ascent: 0.8, descent: -0.2 });
  });

  it('read glyph names through the glyph list, and dvips bitmap names as their codes, as pdf.js does', () => {
    const objects = new MemoryObjects();
    const font = fontLoader(objects)(type3(objects, { differences: [65, n('a65'), n('fi'), n('G41'), n('x44')] }));
    expect(text(font.glyphs('ABCD'))).toBe('A\ufb01AD');
  });

  it('refuse the codes whose names pdf.js may know and we do not, and only those', () => {
    const objects = new MemoryObjects();
    const font = fontLoader(objects)(type3(objects, { differences: [65, n('A'), n('blob'), n('C')] }));
    expect(text(font.glyphs('AC'))).toBe('AC');
    expect(() => font.glyphs('B')).toThrow(Unsupported);
  });

  it('take text from ToUnicode alone when it maps anything, unmapped codes reading as themselves', () => {
    const objects = new MemoryObjects();
    const toUnicode = cmap('1 beginbfchar <41> <0078> endbfchar');
    const font = fontLoader(objects)(type3(objects, { differences: [65, n('g1'), n('blob'), n('C')], toUnicode }));
    expect(text(font.glyphs('ABC'))).toBe('xBC');
  });

  it('leave the text matrix alone under the usual 1/1000 matrix', () => {
    const objects = new MemoryObjects();
    expect(fontLoader(objects)(type3(objects, { matrix: [0.001, 0, 0, 0.001, 0, 0] })).type3Height).toBeUndefined();
  });

  it('stretch small text by the font box height under another matrix, and always when the glyph boxes dwarf the font box', () => {
    const objects = new MemoryObjects();
    expect(fontLoader(objects)(type3(objects)).type3Height).toEqual({ scale: 100 * 0.01, charBBox: false });
    const big = type3(objects, { procs: { A: '60 0 0 -500 2000 1500 d1 0 0 50 70 re f', B: '60 0 0 0 50 70 d1' } });
    expect(fontLoader(objects)(big).type3Height).toEqual({ scale: 2000 * 0.01, charBBox: true });
    const empty = type3(objects, { bbox: [0, 0, 0, 0], procs: { A: '60 0 0 -10 50 70 d1', B: '60 0 d0 q Q' } });
    expect(fontLoader(objects)(empty).type3Height).toEqual({ scale: 80 * 0.01, charBBox: true });
  });

  it('refuse a font without glyph procedures, in which pdf.js shows no text', () => {
    const objects = new MemoryObjects();
    const ref = type3(objects, { matrix: [0.001, 0, 0, 0.001, 0, 0] });
    (objects.resolve(ref) as { map: Map<string, PdfValue> }).map.delete('CharProcs');
    expect(() => fontLoader(objects)(ref)).toThrow(/CharProcs/);
  });

  it('refuse a font whose box pdf.js would guess from glyph paths', () => {
    const objects = new MemoryObjects();
    const guessed = type3(objects, { bbox: [0, 0, 0, 0], procs: { A: '60 0 d0 0 0 50 70 re f' } });
    expect(() => fontLoader(objects)(guessed)).toThrow(Unsupported);
  });

  it('names no glyph pdf.js knows with the pattern read as codes', () => {
    // bench/parity/check-tables.ts checks the pattern against pdf.js's whole list; these are its near misses.
    for (const name of ['a0', 'a255', 'g0', 'C65', 'G41', 'x4A']) expect(OUTSIDE_GLYPH_LIST.test(name)).toBe(true);
    for (const name of ['H18533', 'SF010000', 'afii10017', 'uni0041', 'ae', 'ff', 'rafe']) expect(OUTSIDE_GLYPH_LIST.test(name)).toBe(false);
  });
});
