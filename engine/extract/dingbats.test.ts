import { describe, expect, it } from 'vitest';
import type { Page, TextRun } from '../model.ts';
import { dingbatFor, dingbatText, isDingbatsFont, readDingbats } from './dingbats.ts';

const run = (text: string, fontName: string): TextRun => ({
  text, box: { x0: 0, y0: 0, x1: 10, y1: 10 }, fontName, fontSize: 10, bold: false, italic: false, monospace: false, dir: 'ltr',
});

describe('ZapfDingbats text', () => {
  it('maps codes to the Dingbats block, with the font\'s exceptions', () => {
    expect(String.fromCodePoint(dingbatFor(0x2b)!)).toBe('☞');
    expect(String.fromCodePoint(dingbatFor(0x33)!)).toBe('✓');
    expect(String.fromCodePoint(dingbatFor(0x6c)!)).toBe('●');
    expect(dingbatFor(0x20)).toBeUndefined();
    expect(dingbatText('+ 3')).toBe('☞ ✓');
  });

  it('recognises the font by name only', () => {
    expect(isDingbatsFont('ZapfDingbats')).toBe(true);
    expect(isDingbatsFont('ABCDEF+ZapfDingbats')).toBe(true);
    expect(isDingbatsFont('Helvetica')).toBe(false);
  });

  it('rewrites the runs set in ZapfDingbats and leaves the others', () => {
    const page = { runs: [run('+', 'ZapfDingbats'), run('a + b', 'Helvetica')] } as Page;
    readDingbats([page]);
    expect(page.runs.map((r) => r.text)).toEqual(['☞', 'a + b']);
  });
});
