import { describe, expect, it } from 'vitest';
import { spansFromLines } from './spans.ts';
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
