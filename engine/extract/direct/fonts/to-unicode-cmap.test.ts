import { describe, expect, it } from 'vitest';
import { Unsupported } from '../types.ts';
import { cmap } from '../../../../test/support/font-fixtures.ts';
import { parseToUnicode, utf16Text } from './to-unicode-cmap.ts';

const parse = (text: string) => parseToUnicode(new Uint8Array(Buffer.from(text, 'latin1')));

describe('ToUnicode CMaps', () => {
  it('reads bfchar entries with one-byte codes', () => {
    const map = parse(cmap('2 beginbfchar <41> <0061> <42> <00660069> endbfchar'));
    expect(map.get(0x41)).toBe('a');
    expect(map.get(0x42)).toBe('fi');
    expect(map.size).toBe(2);
  });

  it('reads two-byte codes, whatever the codespace says', () => {
    const map = parse(cmap('1 beginbfchar <0102> <00E9> endbfchar', '<0000> <FFFF>'));
    expect(map.get(0x0102)).toBe('é');
  });

  it('counts bfrange destinations up in their last byte, carrying into the one before', () => {
    const map = parse(cmap('2 beginbfrange <10> <12> <0041> <20> <21> <00FF> endbfrange'));
    expect([map.get(0x10), map.get(0x11), map.get(0x12)]).toEqual(['A', 'B', 'C']);
    expect([map.get(0x20), map.get(0x21)]).toEqual(['ÿ', 'Ā']);
  });

  it('reads the array form of bfrange, stopping at the shorter of range and array', () => {
    const map = parse(cmap('1 beginbfrange <01> <03> [<0066006C> <0041>] endbfrange'));
    expect(map.get(1)).toBe('fl');
    expect(map.get(2)).toBe('A');
    expect(map.has(3)).toBe(false);
  });

  it('joins surrogate pairs into one code point', () => {
    expect(parse(cmap('1 beginbfchar <05> <D835DC00> endbfchar')).get(5)).toBe('\u{1D400}');
    expect(utf16Text('\x41')).toBe('A');
  });

  it('abandons a malformed section but keeps reading after it, as pdf.js does', () => {
    const map = parse(cmap('2 beginbfchar <01> /oops <02> <0042> endbfchar\n1 beginbfchar <03> <0043> endbfchar'));
    expect(map.has(1)).toBe(false);
    expect(map.get(3)).toBe('C');
  });

  it('refuses what pdf.js would resolve through built-in CMaps', () => {
    expect(() => parse(cmap('/Identity-H usecmap'))).toThrow(Unsupported);
    expect(() => parse(cmap('1 begincidchar <01> 5 endcidchar'))).toThrow(Unsupported);
  });
});
