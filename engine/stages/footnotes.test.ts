/**
 * Footnotes on generated pages: superscript marks in the body that match
 * smaller notes at the page's foot become `[^n]` references and `[^n]: …`
 * definitions at the end; a raised number with no note stays as it is.
 */
import { describe, expect, it } from 'vitest';
import { convert } from '../index.ts';
import { paintPdf, text } from '../../test/support/paint-pdf.ts';
import { hasTtf } from '../../test/support/ttf-pdf.ts';

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

  it('leaves a raised number without a note alone', async () => {
    const { markdown } = await convert(await paintPdf([{ content: BODY.join('\n') }]), { ocr: 'off' });
    expect(markdown).not.toContain('[^');
    expect(markdown).toContain('<sup>1</sup>');
  });
});
