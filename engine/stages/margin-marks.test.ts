import { describe, expect, it } from 'vitest';
import { blocks } from './blocks.ts';
import { DEFAULT_CONFIG } from '../stage.ts';
import { doc, line, page } from '../../test/engine/build.ts';
import type { Block, Line } from '../model.ts';

const text = (b: Block) => (b.kind === 'paragraph' || b.kind === 'heading' ? b.spans.map((s) => s.text).join('') : '');
const paragraphs = (lines: Line[]) => blocks.run(doc([page(1, lines)]), DEFAULT_CONFIG).pages[0]!.blocks.map(text);

/**
 * A justified paragraph: every line but the last is 60 characters (300 pt at
 * 5 pt a character in these builders), so they share a right edge at x 350.
 */
const JUSTIFIED = [
  'Permission to make digital or hard copies of all or part of ',
  'this work for personal or classroom use is granted without f',
  'ee provided that copies are not made or distributed for prof',
  'it and that copies bear this notice and the full citation on',
  'the first page.',
];
const stack = (texts: string[]): Line[] => texts.map((t, i) => line([t], 50, 100 + 12 * i));
/** Line i of `lines` with `mark` set at x, out beyond the text. */
function withMark(lines: Line[], i: number, mark: string, x: number): Line[] {
  const l = lines[i]!;
  const m = line([mark], x, 100 + 12 * i).runs[0]!;
  return lines.map((k, j) => (j === i ? { runs: [...l.runs, m], box: { ...l.box, x1: m.box.x1 } } : k));
}

describe('marks set out in the margin (margin-marks.ts)', () => {
  it('takes a thumb index out of the justified line it stands beside and sets it after the paragraph', () => {
    const out = paragraphs(withMark(stack(JUSTIFIED), 2, '111', 380));
    expect(out).toHaveLength(2);
    expect(out[0]).toMatch(/^Permission .* the first page\.$/);
    expect(out[0]).not.toContain('111');
    expect(out[1]).toBe('111');
  });

  it('leaves a number at the right edge alone (an equation number, the last word of a line)', () => {
    const lines = stack(JUSTIFIED.map((t, i) => (i === 2 ? t.slice(0, 50) : t)));
    // Line 2 stops at x 300; its number ends at the edge, two ems after the text.
    const out = paragraphs(withMark(lines, 2, '(1)', 335));
    expect(out).toHaveLength(1);
    expect(out[0]).toContain('(1)');
  });

  it('leaves ragged text alone: without a shared right edge there is no margin to stand in', () => {
    const ragged = ['A short first line of text', 'then a much longer line of text that runs on for a while', 'and one more line', 'the end.'];
    const out = paragraphs(withMark(stack(ragged), 1, '12', 380));
    expect(out).toHaveLength(1);
    expect(out[0]).toContain('12');
  });

  it('leaves columns of figures alone: a line that is not prose is a table row', () => {
    const figures = ['1.00 2.00 3.00 4.00 5.00 6.00 7.00 8.00 9.00 10.0 11.0 12.0', '1.00 2.00 3.00 4.00 5.00 6.00 7.00 8.00 9.00 10.0 11.0 12.0', '1.00 2.00 3.00 4.00 5.00 6.00 7.00 8.00 9.00 10.0 11.0 12.0', 'total'];
    expect(paragraphs(withMark(stack(figures), 1, '99.0', 380))).toHaveLength(1);
  });
});
