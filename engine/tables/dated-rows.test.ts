/**
 * Dated entries (a CV's positions, memberships and honours): a column of
 * years and ranges beside one line of text each, no rules. Each line is a
 * row, open-ended ranges (`1995–`, since 1995) included.
 */
import { describe, expect, it } from 'vitest';
import { tablesOf, type Text } from '../../test/support/tables/pdf.ts';

const ENTRIES = [
  ['1995–', 'Member, American Psychological Association'],
  ['1998–', 'Member, Gerontological Society of America'],
  ['1998–', 'Member, American Geriatrics Society'],
  ['2000–', 'Associate Editor, Psychology and Aging'],
  ['2003–', 'Board of Advisors, Senior Services of Eastern Missouri'],
  ['2003–05', 'NIH Peer Review Committee: Psychobiology of Aging, ad hoc reviewer'],
  ['2007–11', 'NIH Risk, Adult Addictions Study Section, members'],
];
const HONOURS = [
  ['2003', 'Outstanding Young Faculty Award, Washington University, St. Louis, MO'],
  ['2004', 'Excellence in Teaching, Washington University, St. Louis, MO'],
];

describe('dated entries', () => {
  it('keeps each entry a row when its date is an open-ended range', async () => {
    const entry = ([date, what]: string[], y: number): Text[] => [{ text: date!, x: 62, y, size: 10 }, { text: what!, x: 142, y, size: 10 }];
    const texts = [
      { text: 'Other Experience and Professional Memberships', x: 56, y: 180, bold: true, size: 10 },
      ...ENTRIES.flatMap((e, i) => entry(e, 200 + i * 13.5)),
      { text: 'Honors', x: 56, y: 305, bold: true, size: 10 },
      ...HONOURS.flatMap((e, i) => entry(e, 322 + i * 13.5)),
    ];
    const { tables } = await tablesOf([{ texts }]);
    expect(tables).toHaveLength(1);
    // No header row: the Markdown's first row is blank; the honours follow their label.
    expect(tables[0]).toEqual([['', ''], ...ENTRIES, ['Honors', ''], ...HONOURS]);
  });
});
