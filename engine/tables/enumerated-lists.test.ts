/**
 * Numbered lists with hanging labels (a bibliography's `[1]`, `[2]`, …)
 * are no tables; a table whose first column numbers short items stays one.
 */
import { describe, expect, it } from 'vitest';
import { tablesOf, type Text } from '../../test/support/tables/pdf.ts';

/** Entries of one or two lines in 7 pt (acmart's references), their labels in a column of their own left of the text. */
function hanging(labels: readonly string[], entries: readonly string[][], textX = 90): Text[] {
  const out: Text[] = [];
  let y = 300;
  labels.forEach((label, i) => {
    out.push({ text: label, x: 77, y, size: 7 });
    for (const text of entries[i]!) {
      out.push({ text, x: textX, y, size: 7 });
      y += 10;
    }
  });
  return out;
}

const FOUR: string[][] = [
  ['Rafal Ablamowicz and Bertfried Fauser. 2007. CLIFFORD: a Maple 11 Package for Clifford', 'Algebra Computations, version 11. Retrieved February 28, 2008.'],
  ['Patricia S. Abril and Robert Plant. 2007. The patent holder’s dilemma. Commun. ACM 50, 1, 36–44.'],
  ['Sten Andler. 1979. Predicate Path expressions. In Proceedings of the 6th ACM symposium on', 'Principles of Programming Languages. ACM Press, New York, NY, 226–236.'],
  ['David A. Anisi. 2003. Optimal Motion Control of a Ground Vehicle. Master’s thesis. KTH, Stockholm.'],
];
/** Twelve entries, as a paper's list of references has. */
const REFERENCES = [...FOUR, ...FOUR, ...FOUR];
const LABELS = REFERENCES.map((_, i) => `[${i + 1}]`);

describe('numbered lists with hanging labels', () => {
  it('reads a bibliography as text, not as a table of labels and sentences', async () => {
    const { markdown, tables } = await tablesOf([{ texts: hanging(LABELS, REFERENCES) }]);
    expect(tables).toHaveLength(0);
    expect(markdown).toContain('\\[3\\] Sten Andler. 1979.');
  });

  it('keeps a table whose labels do not count up', async () => {
    const { tables } = await tablesOf([{ texts: hanging([...LABELS].reverse(), REFERENCES) }]);
    expect(tables).toHaveLength(1);
  });

  it('reads a list going on from the page before, or labelled by keys in alphabetical order, as text too', async () => {
    const later = await tablesOf([{ texts: hanging(REFERENCES.map((_, i) => `[${i + 21}]`), REFERENCES) }]);
    expect(later.tables).toHaveLength(0);
    const keys = ['[AB07]', '[And79]', '[Ani03]', '[Coh07]', '[Dou98]', '[Edi07]', '[Edi08]', '[Gun07]', '[Hag93]', '[Har78]', '[Har79]', '[TL94]'];
    const alpha = await tablesOf([{ texts: hanging(keys, REFERENCES, 104) }]);
    expect(alpha.tables).toHaveLength(0);
    expect(alpha.markdown).toMatch(/\\\[TL94\\\] ?David A\. Anisi\./);
  });
});
