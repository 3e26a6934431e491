/**
 * Footnotes on generated pages: superscript marks in the body that match
 * smaller notes at the page's foot become `[^n]` references and `[^n]: …`
 * definitions at the end; a raised number with no note stays as it is.
 */
import { describe, expect, it } from 'vitest';
import { convert } from '../index.ts';
import { paintPdf, text } from '../../test/support/paint-pdf.ts';
import { hasTtf } from '../../test/support/ttf-pdf.ts';
import { footnotes } from './footnotes.ts';
import { DEFAULT_CONFIG } from '../stage.ts';
import { doc, line, page, para, run } from '../../test/engine/build.ts';
import { renderDoc } from '../render/index.ts';
import { spansFromLines } from '../spans.ts';
import type { Line } from '../model.ts';

/** A body line at y with a superscript mark after `before`, continued by `after`. */
function marked(before: string, mark: string, after: string, y: number): string {
  const x = 72 + before.length * 6.6;
  return `${text(before, 72, y, 11)} BT /F1 7 Tf ${x} ${y + 4} Td (${mark}) Tj ET ${text(after, x + 5, y, 11)}`;
}

const BODY = [
  text('A document with notes at the foot of its pages.', 72, 760, 11),
  marked('The first claim needs a source', '1', 'and says so.', 740),
  text('More ordinary body text follows on this line here.', 72, 726, 11),
  marked('A second claim has its own note', '2', 'as well.', 712),
  text('The paragraph ends after one more line of text.', 72, 698, 11),
];

describe.skipIf(!hasTtf)('footnotes', () => {
  it('turns marks and the notes at the foot into references and definitions', async () => {
    const notes = [text('1 Smith, A history of sources, 1999.', 72, 90, 8), text('2 Jones, On notes, 2003.', 72, 78, 8)];
    const { markdown } = await convert(await paintPdf([{ content: [...BODY, ...notes].join('\n') }]), { ocr: 'off' });
    expect(markdown).toMatch(/needs a source ?\[\^1\] ?and says so/);
    expect(markdown).toMatch(/own note ?\[\^2\] ?as well/);
    expect(markdown).toContain('[^1]: Smith, A history of sources, 1999.');
    expect(markdown).toContain('[^2]: Jones, On notes, 2003.');
    expect(markdown.trimEnd().endsWith('[^2]: Jones, On notes, 2003.')).toBe(true);
    expect(markdown).not.toContain('<sup>');
  });

  it('takes a note whose raised mark stands a word space before its text, as TeX sets them', async () => {
    // The marks are 6 pt, raised 4 pt and 4 pt (half an em of the note) left of the note's text.
    const note = (mark: string, words: string, y: number) => `BT /F1 6 Tf 72 ${y + 4} Td (${mark}) Tj ET ${text(words, 80, y, 8)}`;
    const notes = [note('1', 'Smith, A history of sources, 1999.', 90), note('2', 'Jones, On notes, 2003.', 78)];
    const { markdown } = await convert(await paintPdf([{ content: [...BODY, ...notes].join('\n') }]), { ocr: 'off' });
    expect(markdown).toContain('[^1]: Smith, A history of sources, 1999.');
    expect(markdown).toContain('[^2]: Jones, On notes, 2003.');
  });

  it('leaves a raised number without a note alone', async () => {
    const { markdown } = await convert(await paintPdf([{ content: BODY.join('\n') }]), { ocr: 'off' });
    expect(markdown).not.toContain('[^');
    expect(markdown).toContain('<sup>1</sup>');
  });
});

describe('footnote marks', () => {
  it('takes the asterisk operator (U+2217) that TeX sets for \\thanks as a mark', () => {
    const p = page(1, [], { height: 800 });
    const sup = (x: number, y: number, size: number) => run('∗', x, y, { fontSize: size, script: 'sup' });
    const title = line(['A title'], 40, 60, { fontSize: 12 });
    title.runs.push(sup(title.box.x1, 58, 7));
    const body = line(['Body text long enough to set the body size of the page, again and again.'], 40, 100, { fontSize: 10 });
    const note = line([sup(40, 740, 5), run(' A footnote to the article title', 44, 740, { fontSize: 8 })], 40, 740);
    const block = (l: Line) => ({ ...para([l]), spans: spansFromLines([l], () => false) });
    p.blocks = [block(title), block(body), block(note)];
    const md = renderDoc(footnotes.run(doc([p]), DEFAULT_CONFIG));
    expect(md).toContain('A title[^1]');
    expect(md).toContain('[^1]: A footnote to the article title');
  });

  it('splits a group of marks ("1,3") and calls the notes it can, leaving a note without its mark as text', () => {
    const p = page(1, [], { height: 800 });
    const sup = (t: string, x: number, y: number) => run(t, x, y, { fontSize: 7, script: 'sup' });
    const name = (t: string, marks: string, y: number) => {
      const l = line([t], 40, y, { fontSize: 10 });
      l.runs.push(sup(marks, l.box.x1, y - 2));
      return l;
    };
    const body = line(['Body text long enough to set the body size of the page, again and again.'], 40, 200, { fontSize: 10 });
    const note = (m: string, t: string, y: number) => line([sup(m, 40, y), run(t, 44, y, { fontSize: 8 })], 40, y);
    const block = (l: Line) => ({ ...para([l]), spans: spansFromLines([l], () => false) });
    p.blocks = [block(name('CV Radhakrishnan', '2', 60)), block(name('CV Rajagopal', '1,3', 80)), block(body), block(body),
      block(note('1', 'The first author footnote.', 700)), block(note('2', 'Another author footnote.', 712)), block(note('5', 'A note nobody calls.', 724))];
    const md = renderDoc(footnotes.run(doc([p]), DEFAULT_CONFIG));
    expect(md).toContain('CV Radhakrishnan[^2]');
    expect(md).toContain('CV Rajagopal[^1]<sup>,3</sup>');
    expect(md).toContain('[^1]: The first author footnote.');
    expect(md).toContain('<sup>5</sup>A note nobody calls.');
  });
});
