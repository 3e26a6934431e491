import { describe, expect, it } from 'vitest';
import type { PdfDict, PdfValue } from '../../pdf-objects/values.ts';
import { Unsupported, type FontDecoder, type Matrix, type ObjectSource, type TextItem } from '../types.ts';
import { ContentParser } from './content-parser.ts';
import { interpretPage } from './interpret-page.ts';

const enc = (s: string) => new Uint8Array(Buffer.from(s, 'latin1'));
const dict = (o: Record<string, PdfValue>): PdfDict => ({ kind: 'dict', map: new Map(Object.entries(o)) });
const name = (n: string): PdfValue => ({ kind: 'name', name: n });
const ref = (num: number): PdfValue => ({ kind: 'ref', num, gen: 0 });

function ops(s: string): string[] {
  const p = new ContentParser(enc(s));
  const out: string[] = [];
  for (let o = p.read(); o; o = p.read()) out.push(`${o.op}${JSON.stringify(o.args)}`);
  return out;
}

const font: FontDecoder = {
  id: 'F', name: 'F', bold: false, italic: false, monospace: false, fallbackName: 'serif', ascent: 0.8, descent: -0.2,
  fontMatrix: [0.001, 0, 0, 0.001, 0, 0],
  glyphs: (b) => [...b].map((c) => ({ unicode: c, width: 500, isSpace: c === ' ' })),
  decode: (b, from, to, out) => [...Buffer.from(b.subarray(from, to)).toString('latin1')].reduce((n, c) => ((out[n] = { unicode: c, width: 500, isSpace: c === ' ' }), n + 1), 0),
};

/** Objects: 1 = a form XObject (content in `forms`), 2 = an image. */
function source(forms: Record<number, { dict: PdfDict; data: string }>): ObjectSource {
  const resolve = (v: PdfValue | undefined): PdfValue | undefined =>
    typeof v === 'object' && v !== null && !Array.isArray(v) && v.kind === 'ref' ? forms[v.num]?.dict : v;
  return {
    resolve, lookup: (d, k) => resolve(d.map.get(k)),
    stream: (v) => {
      const f = typeof v === 'object' && v !== null && !Array.isArray(v) && v.kind === 'ref' ? forms[v.num] : undefined;
      if (!f) throw new Unsupported('no stream');
      return { dict: f.dict, data: enc(f.data) };
    },
  };
}

const BASE: Matrix = [1, 0, 0, -1, 0, 400];
function page(content: string, forms: Record<number, { dict: PdfDict; data: string }> = {}) {
  const resources = dict({ Font: dict({ F1: ref(9) }), XObject: dict({ X1: ref(1), Im: ref(2) }) });
  return interpretPage({ content: enc(content), resources, objects: source(forms), fonts: () => font, viewBox: [0, 0, 300, 400], base: BASE });
}
const texts = (items: unknown[]) => (items as TextItem[]).filter((i) => 'str' in i);

describe('ContentParser', () => {
  it('reads numbers as pdf.js does, names with escapes, strings as bytes, run-on operators', () => {
    expect(ops('1.5 -.5 --3 4-2 + 0 cm')).toEqual(['cm[1.5,-0.5,-3,42,0,0]']);
    expect(ops('/A#20B 12 Tf')).toEqual(['Tf[{"kind":"name","name":"A B"},12]']);
    expect(ops('BT(a\\)b)Tj<4142 3>Tj ET')).toEqual([
      'BT[]', 'Tj[{"kind":"string","bytes":"a)b"}]', 'Tj[{"kind":"string","bytes":"AB0"}]', 'ET[]',
    ]);
    expect(ops('q 1 0 0 1 0 0 cm BTQ')).toEqual(['q[]', 'cm[1,0,0,1,0,0]', 'BT[]', 'Q[]']);
    expect(ops('/P <</MCID 3 /K 5 0 R>> BDC % comment\nEMC')).toEqual([
      'BDC[{"kind":"name","name":"P"},{"kind":"dict","map":{}}]', 'EMC[]',
    ]);
  });

  it('reads array operands with their strings, nested values and references', () => {
    expect(ops('[1 0 R (a\\051) <4142> [2 (x)] /N null true 3 4 R -5.5] TJ [] TJ')).toEqual([
      'TJ[[{"kind":"ref","num":1,"gen":0},{"kind":"string","bytes":"a)"},{"kind":"string","bytes":"AB"},[2,{"kind":"string","bytes":"x"}],'
      + '{"kind":"name","name":"N"},null,true,{"kind":"ref","num":3,"gen":4},-5.5]]',
      'TJ[[]]',
    ]);
    expect(() => ops('[(a) 1 R] TJ')).toThrow('R without a reference');
    expect(() => ops('[(a) Tj] TJ')).toThrow('operator Tj inside an array');
  });

  it('skips inline images up to an EI followed by a real operator', () => {
    expect(ops('BI /W 2 /H 1 /BPC 8 /CS /G ID \x00EI\xffEI ~\x80 EI 0 g Q')).toEqual(['g[0]', 'Q[]']);
  });

  it('refuses what pdf.js would read differently', () => {
    expect(() => ops('1 2 Foo')).toThrow(Unsupported);
    expect(() => ops('1 2 3 Td')).toThrow(Unsupported);
    expect(() => ops('(open Tj')).toThrow(Unsupported);
  });
});

describe('interpretPage', () => {
  it('splits TJ at non-zero numbers and shows text with the current font', () => {
    const { content } = page('BT /F1 10 Tf 1 0 0 1 10 20 Tm [(ab) 0 (c) -2000 (d)] TJ ET');
    const t = texts(content.items);
    expect(t.map((i) => i.str).join('|')).toMatch(/^abc.*d$/);
    expect(t[0]!.transform).toEqual([10, 0, 0, 10, 10, 20]);
  });

  it('refuses text without a font', () => {
    expect(() => page('BT (a) Tj ET')).toThrow(Unsupported);
  });

  it('refuses operands of the wrong kind where pdf.js would compute with them', () => {
    expect(() => page('BT /F1 10 Tf /X 0 Td ET')).toThrow('operand is not a number');
    expect(() => page('BT /F1 10 Tf 0 (1) Td ET')).toThrow('operand is not a number');
    expect(() => page('BT /F1 10 Tf 5 Tj ET')).toThrow('text operand is not a string');
    expect(() => page('BT /F1 10 Tf 1 /W (a) " ET')).toThrow('operand is not a number');
    expect(() => page('1 0 0 1 0 (x) cm')).toThrow('operand is not a number');
  });

  it('shows strings of every form straight from their bytes: literal with escapes, hex, long, and gathered by TJ', () => {
    const long = 'x'.repeat(300);
    const { content } = page(`BT /F1 1 Tf 1 0 0 1 10 300 Tm (a\\)b\\101) Tj 0 -20 Td <4142 3> Tj 0 -20 Td (${long}) Tj 0 -20 Td [(p) (q) -3000 <72>] TJ ET`);
    expect(texts(content.items).map((i) => i.str).filter((s) => s.trim())).toEqual(['a)bA', 'AB0', long, 'pq', 'r']);
  });

  it('runs forms with their matrix and reports marked content from inline dictionaries only', () => {
    const forms = {
      1: { dict: dict({ Subtype: name('Form'), Matrix: [1, 0, 0, 1, 100, 0] }), data: 'BT /F1 10 Tf (x) Tj ET 0 0 m 50 0 l S' },
      2: { dict: dict({ Subtype: name('Image') }), data: '' },
    };
    const { content, rules } = page('/Span <</MCID 4>> BDC /X1 Do /Im Do EMC /Span /P0 BDC EMC', forms);
    const marks = content.items.filter((i) => 'type' in i);
    expect(marks).toEqual([
      { type: 'beginMarkedContentProps', tag: 'Span', id: 'mc4' }, { type: 'endMarkedContent' },
      { type: 'beginMarkedContentProps', tag: 'Span', id: null }, { type: 'endMarkedContent' },
    ]);
    expect(texts(content.items)[0]!.transform[4]).toBe(100);
    expect(rules).toEqual([{ orientation: 'h', box: { x0: 100, y0: 399.5, x1: 150, y1: 400.5 } }]);
  });

  it('reads rules from stroked lines and thin filled rectangles, skipping white ones', () => {
    const { rules } = page('2 w 50 300 m 250 300 l S 1 g 10 10 100 1 re f 0 g 20 20 100 0.8 re f 1 1 1 RG 0 50 m 0 90 l S');
    expect(rules).toEqual([
      { orientation: 'h', box: { x0: 50, y0: 99, x1: 250, y1: 101 } },
      { orientation: 'h', box: { x0: 20, y0: expect.closeTo(379.2, 5), x1: 120, y1: 380 } },
    ]);
  });
});
