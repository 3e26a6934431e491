import { describe, expect, it } from 'vitest';
import { runShare, visibleLength } from './geometry.ts';
import type { Line, TextRun } from './model.ts';

const run = (text: string, bold = false): TextRun => ({
  text, box: { x0: 0, y0: 0, x1: 10, y1: 10 }, fontName: 'Body', fontSize: 10, bold, italic: false, monospace: false, dir: 'ltr',
});

describe('geometry helpers', () => {
  it('counts visible characters exactly as stripping \\s would', () => {
    const samples = ['', '  ', 'a b\tc\n', '\u00a0x\u2003y\u3000z\ufeff', 'naïve café', '😀 ok', '\u2028\u2029\u202f\u205f\u1680'];
    for (const t of samples) expect(visibleLength(t)).toBe(t.replace(/\s/g, '').length);
  });

  it('weighs a run share by visible characters', () => {
    const line: Line = { runs: [run('bold', true), run(' and plain text')], box: { x0: 0, y0: 0, x1: 10, y1: 10 } };
    expect(runShare(line, (r) => r.bold)).toBeCloseTo(4 / 16);
  });
});
