import { describe, expect, it } from 'vitest';
import { isCentredNumberedHead } from './centred-numbered.ts';
import { headings } from './headings.ts';
import { DEFAULT_CONFIG } from '../stage.ts';
import { doc, line, page, para } from '../../test/engine/build.ts';

// A column from x 72 to x 322 (50 characters of 5 pt); the head's 22 characters are 110 pt wide.
const prose = para([line(['The widetext environment will make the text as wide'], 72, 120), line(['as the full page, as on page four of this sample.'], 72, 132)]);
const italic = { italic: true };

describe('centred numbered italic heads', () => {
  it('takes a numbered italic line centred over the paragraph under it', () => {
    expect(isCentredNumberedHead(para([line(['1. Wide text (level 3)'], 142, 100, italic)]), prose)).toBe(true);
  });

  it('leaves a numbered line that is upright, flush left, a sentence, or over no paragraph', () => {
    expect(isCentredNumberedHead(para([line(['1. Wide text (level 3)'], 142, 100)]), prose)).toBe(false);
    expect(isCentredNumberedHead(para([line(['1. Wide text (level 3)'], 72, 100, italic)]), prose)).toBe(false);
    expect(isCentredNumberedHead(para([line(['1. Wide text goes on.'], 142, 100, italic)]), prose)).toBe(false);
    expect(isCentredNumberedHead(para([line(['1. Wide text (level 3)'], 142, 100, italic)]), para([line(['One line.'], 72, 120)]))).toBe(false);
  });

  it('makes such heads headings below the document\'s numbered sections, not one-item lists', () => {
    const section = para([line(['I. INTRODUCTION'], 72, 60, { bold: true })]);
    const body = para([line(['Some words of the introduction that run on for a while'], 72, 80), line(['and end here.'], 72, 92)]);
    const second = para([line(['II. METHODS'], 72, 140, { bold: true })]);
    const head = para([line(['1. Wide text (level 3)'], 142, 180, italic)]);
    const text = para([line(['The widetext environment will make the text as wide'], 72, 200), line(['as the full page, as on page four of this sample.'], 72, 212)]);
    const p = page(1, [], { blocks: [section, body, second, head, text] });
    const out = headings.run(doc([p]), DEFAULT_CONFIG).pages[0]!.blocks;
    expect(out.map((b) => (b.kind === 'heading' ? b.level : b.kind))).toEqual([1, 'paragraph', 1, 3, 'paragraph']);
  });
});
