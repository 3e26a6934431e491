import { describe, expect, it } from 'vitest';
import { DomainError } from '../errors.ts';
import { markdownPart, markerOffsets } from './markdown-part.ts';

const DOC = ['<!-- page 1 -->', 'One.', '<!-- page 2 -->', 'Two a.', 'Two b.', '<!-- page 3 -->', 'Three.', ''].join('\n\n');

describe('markdownPart', () => {
  it('cuts a page range at the markers and says what remains', () => {
    const { text, info } = markdownPart(DOC, { from_page: 2, to_page: 2 });
    expect(text).toBe('<!-- page 2 -->\n\nTwo a.\n\nTwo b.\n\n');
    expect(info).toMatchObject({ pages_total: 3, from_page: 2, to_page: 2, pages_remaining: 1, chars_remaining: 0, next_cursor: null });
    expect(markdownPart(DOC, { from_page: 3 }).text).toBe('<!-- page 3 -->\n\nThree.\n\n');
  });

  it('cuts max_chars between blocks and continues with the cursor until the whole is read', () => {
    let cursor: string | undefined;
    let joined = '';
    for (let i = 0; i < 20; i++) {
      const { text, info } = markdownPart(DOC, { max_chars: 25, ...(cursor ? { cursor } : {}) });
      expect(text.length).toBeLessThanOrEqual(25);
      expect(text === '' || text.endsWith('\n\n') || info.next_cursor === null).toBe(true);
      joined += text;
      expect(info.chars_remaining).toBe(DOC.length - joined.length);
      if (!info.next_cursor) break;
      cursor = info.next_cursor;
    }
    expect(joined).toBe(DOC);
  });

  it('refuses a page range without markers, a range past the end and a forged cursor', () => {
    const refused = (f: () => unknown) => {
      try {
        f();
      } catch (e) {
        return e instanceof DomainError ? e.code : 'other';
      }
      return 'none';
    };
    expect(refused(() => markdownPart('Plain text.\n', { from_page: 1 }))).toBe('bad_input');
    expect(refused(() => markdownPart(DOC, { from_page: 4 }))).toBe('bad_input');
    expect(refused(() => markdownPart(DOC, { from_page: 3, to_page: 2 }))).toBe('bad_input');
    expect(refused(() => markdownPart(DOC, { cursor: Buffer.from('[0, 99999]').toString('base64url') }))).toBe('bad_input');
    expect(refused(() => markdownPart(DOC, { cursor: 'not a cursor' }))).toBe('bad_input');
  });

  it('does not take a marker inside fenced code for a page', () => {
    const md = '<!-- page 1 -->\n\n```\n<!-- page 9 -->\n```\n\n<!-- page 2 -->\n\nx\n';
    expect(markerOffsets(md).map((m) => m.page)).toEqual([1, 2]);
  });
});
