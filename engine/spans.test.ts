import { describe, expect, it } from 'vitest';
import { spansFromLines, vocabularyPolicy, wordCount } from './spans.ts';
import { line } from '../test/engine/build.ts';

const text = (lines: Parameters<typeof spansFromLines>[0]) => spansFromLines(lines, () => false).map((s) => s.text).join('');

describe('spansFromLines', () => {
  it('joins wrapped Chinese lines without a space, and other lines with one', () => {
    expect(text([line(['当事人在生产过程中为确保'], 0, 0), line(['产品质量，生产之前'], 0, 12)])).toBe('当事人在生产过程中为确保产品质量，生产之前');
    expect(text([line(['编号为'], 0, 0), line(['C2306'], 0, 12)])).toBe('编号为 C2306');
    expect(text([line(['first line'], 0, 0), line(['second'], 0, 12)])).toBe('first line second');
  });

  it('keeps a line-end hyphen before a capital, with no space: the compound\'s own', () => {
    expect(text([line(['from Soekarno-'], 0, 0), line(['Hatta Airport'], 0, 12)])).toBe('from Soekarno-Hatta Airport');
    expect(text([line(['a dash -'], 0, 0), line(['Then more'], 0, 12)])).toBe('a dash - Then more');
    // In capitals a broken word is glued like one in lower case.
    expect(text([line(['WITHOUT WARRANTY, EX-'], 0, 0), line(['PRESS OR IMPLIED'], 0, 12)])).toBe('WITHOUT WARRANTY, EXPRESS OR IMPLIED');
    expect(text([line(['an X-'], 0, 0), line(['Ray tube'], 0, 12)])).toBe('an X-Ray tube');
  });

  it('glues a word broken at a line-end hyphen that is a run of its own', () => {
    expect(text([line(['a trouble acido', '-'], 0, 0), line(['basique complexe'], 0, 12)])).toBe('a trouble acidobasique complexe');
    expect(spansFromLines([line(['acido', '-'], 0, 0), line(['basique'], 0, 12)], () => true).map((s) => s.text).join('')).toBe('acido-basique');
  });
});

describe('wordCount', () => {
  // The vocabulary as it was counted before: every word of the text in a map.
  const reference = (text: string, word: string) => (text.match(/[\p{L}][\p{L}-]*[\p{L}]/gu) ?? []).filter((w) => w === word).length;

  it('counts whole words only, hyphens at their ends stripped', () => {
    expect(wordCount('ab-cd ab --ab-- xab ab-\ncd', 'ab')).toBe(3);
    expect(wordCount('ab-cd ab --ab-- xab ab-\ncd', 'ab-cd')).toBe(1);
    expect(wordCount('ab-cd', 'cd')).toBe(0);
    expect(wordCount('a', 'a')).toBe(0);
  });

  it('agrees with counting every word, on text mixing scripts, hyphens and surrogate pairs', () => {
    const pieces = ['ab', 'a', 'b', '-', '--', ' ', '\n', 'é', 'ς', 'σ', '𝐀', '𝐀b', '\ud835', '\udc00', '1', 'ab-', '-ab', 'x'];
    let seed = 7;
    const pick = () => pieces[(seed = (seed * 1103515245 + 12345) % 2 ** 31) % pieces.length]!;
    for (let k = 0; k < 400; k++) {
      const text = Array.from({ length: 24 }, pick).join('');
      for (const word of ['ab', 'a-b', 'ab-ab', 'b𝐀b', '𝐀b', 'éab', 'bx', 'ba', 'xa']) expect(wordCount(text, word), JSON.stringify([text, word])).toBe(reference(text, word));
    }
  });
});

describe('vocabularyPolicy', () => {
  it('lower-cases the joined lines as each line on its own (final sigma ends at a line break)', () => {
    const lines = ['ΟΔΟΣ', 'ΣΑΣ ΟΔΟΣ.', 'Σ'];
    expect(lines.join('\n').toLowerCase()).toBe(lines.map((l) => l.toLowerCase()).join('\n'));
  });

  it('keeps the hyphen the document writes, and glues a word it writes whole', () => {
    const keep = vocabularyPolicy(['a well-known case', 'the well-known rule', 'wellknown']);
    expect(keep('well', 'known')).toBe(true);
    expect(vocabularyPolicy(['co-operate', 'cooperate', 'cooperate'])('co', 'operate')).toBe(false);
  });
});
