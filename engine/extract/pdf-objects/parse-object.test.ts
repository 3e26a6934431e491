import { describe, expect, it } from 'vitest';
import { Lexer, type Token } from './lexer.ts';
import { parseValueAt, Parser } from './parse-object.ts';
import { PdfObjectsError, type PdfValue } from './values.ts';

const bytes = (s: string) => new Uint8Array(Buffer.from(s, 'latin1'));
const parse = (s: string) => parseValueAt(bytes(s), 0);
const tokens = (s: string): Token[] => {
  const lex = new Lexer(bytes(s));
  const out: Token[] = [];
  for (let t = lex.next(); t.t !== 'eof'; t = lex.next()) out.push(t);
  return out;
};
/** Values as plain JSON for compact expectations: Maps become objects. */
const plain = (v: PdfValue): unknown => JSON.parse(JSON.stringify(v, (_k, x: unknown) => (x instanceof Map ? Object.fromEntries(x) : x)));

describe('tokenizer', () => {
  it('splits numbers, names, strings, keywords and delimiters, skipping comments', () => {
    expect(tokens('12 -3.5 .5 +7 4. /Name<</A(x)>>[true null] % comment\n obj{}')).toEqual([
      { t: 'num', v: 12 }, { t: 'num', v: -3.5 }, { t: 'num', v: 0.5 }, { t: 'num', v: 7 }, { t: 'num', v: 4 },
      { t: 'name', v: 'Name' }, { t: 'delim', v: '<<' }, { t: 'name', v: 'A' }, { t: 'str', v: 'x' }, { t: 'delim', v: '>>' },
      { t: 'delim', v: '[' }, { t: 'kw', v: 'true' }, { t: 'kw', v: 'null' }, { t: 'delim', v: ']' },
      { t: 'kw', v: 'obj' }, { t: 'delim', v: '{' }, { t: 'delim', v: '}' },
    ]);
  });

  // Found by bench/fuzz (pdf-objects target): a 122 KB file took 6 s to index, as the number pattern
  // backtracked quadratically on a long run of digits that ends in a letter.
  it('reads a long run of digits in linear time, as a keyword when a letter ends it', () => {
    const started = performance.now();
    expect(tokens(`${'1'.repeat(100_000)}x 5`)).toEqual([{ t: 'kw', v: `${'1'.repeat(100_000)}x` }, { t: 'num', v: 5 }]);
    expect(tokens(`${'0'.repeat(100_000)}.25`)).toEqual([{ t: 'num', v: 0.25 }]);
    expect(tokens(`-${'9'.repeat(50_000)}.${'9'.repeat(50_000)}.`)).toEqual([{ t: 'kw', v: `-${'9'.repeat(50_000)}.${'9'.repeat(50_000)}.` }]);
    // Quadratic matching of these takes tens of seconds; linear takes milliseconds.
    expect(performance.now() - started).toBeLessThan(2_000);
  });

  it('decodes #xx escapes in names and keeps invalid ones literally', () => {
    expect(tokens('/Li#6Ek /A#2 /#')).toEqual([{ t: 'name', v: 'Link' }, { t: 'name', v: 'A#2' }, { t: 'name', v: '#' }]);
  });

  it('reads hex strings and tells them from dictionaries', () => {
    expect(tokens('<414243><<>>')).toEqual([{ t: 'str', v: 'ABC' }, { t: 'delim', v: '<<' }, { t: 'delim', v: '>>' }]);
  });

  it('refuses stray closing delimiters', () => {
    expect(() => tokens(')')).toThrow(PdfObjectsError);
    expect(() => tokens('> ')).toThrow(PdfObjectsError);
  });
});

describe('parser', () => {
  it('builds dictionaries, arrays and references', () => {
    expect(plain(parse('<< /Type /Annot /Rect [0 1.5 -2 3] /A 12 0 R /P 3 /B true /N null >>'))).toEqual({
      kind: 'dict', map: {
        Type: { kind: 'name', name: 'Annot' }, Rect: [0, 1.5, -2, 3], A: { kind: 'ref', num: 12, gen: 0 },
        P: 3, B: true, N: null,
      },
    });
    // "4 5" is two numbers: a reference needs its R.
    expect(plain(parse('[4 5 6 0 R 7]'))).toEqual([4, 5, { kind: 'ref', num: 6, gen: 0 }, 7]);
  });

  it('keeps the last of duplicate keys, as pdf.js does', () => {
    expect(plain(parse('<</URI (a) /URI (b)>>'))).toEqual({ kind: 'dict', map: { URI: { kind: 'string', bytes: 'b' } } });
  });

  it('stops after one value (the rest of an object is not its business)', () => {
    const p = new Parser(new Lexer(bytes('<</Length 5>> stream\nxxxxx')));
    expect(plain(p.value())).toEqual({ kind: 'dict', map: { Length: 5 } });
    expect(p.peek()).toEqual({ t: 'kw', v: 'stream' });
  });

  it('refuses malformed objects', () => {
    for (const bad of ['<</A>>', '<<(key) 1>>', '[1 2', 'endobj', '}', '']) expect(() => parse(bad), bad).toThrow(PdfObjectsError);
  });

  it('bounds nesting depth without overflowing the stack', () => {
    expect(() => parse('['.repeat(100_000))).toThrow(/nested too deeply/);
    expect(plain(parse('[[[[1]]]]'))).toEqual([[[[1]]]]);
  });

  it('bounds the tokens one object may use', () => {
    expect(() => parse(`[${'1 '.repeat(500_000)}]`)).toThrow(/too large/);
  });
});
