/**
 * Typewritten reports (Courier throughout), end to end from a generated
 * PDF: a table whose widest values (in two of its rows) stand one space apart,
 * with dot leaders.
 */
import { describe, expect, it } from 'vitest';
import { tablesOf, type Text } from '../../test/support/tables/pdf.ts';

const PROSE = [
  'The suggestion for the presentation of population standard deviations',
  'is the same as for standard errors - unless there is a minimum of 30',
  'individuals and at least 12 variance strata with observations in both',
  'primary sampling units an estimated population standard deviation',
  'should be marked with an asterisk. The suggestions for percentiles',
  'parallel those for proportions: medians and other percentiles in the',
  'middle range should be marked with an asterisk when the sample size is',
  'less than 30 times a broadly calculated design effect. The quantity',
  'values at a tail percentile should be marked with an asterisk when the',
  'minimum of nP and n(1-P) is less than 8 times a broadly calculated',
  'design effect. Unlike means, an agency may choose to suppress values.',
];

/** Courier at 12pt advances 7.2pt per character; lines are laid out as a typewriter would. */
const line = (text: string, y: number): Text => ({ text, x: 72, y, size: 12, mono: true });

describe('typewritten tables', () => {
  it('reads a Courier table whose widest cells stand one space apart, without leaders and without code styling', async () => {
    const rows = [
      '0.99 ..................  800   880   960 1,040 1,120 1,200',
      '0.95 ..................  160   176   192   208   224   240',
      '0.90 ..................   80    88    96   104   112   120',
      '0.85 ..................   53    59    64    69    75    80',
      '0.80 ..................   40    44    48    52    56    60',
      '0.75 ..................   32    35    38    42    45    48',
      '0.50 ..................   30    33    36    39    42    45',
      '0.25 ..................   32    35    38    42    45    48',
      '0.20 ..................   40    44    48    52    56    60',
      '0.15 ..................   53    59    64    69    75    80',
      '0.10 ..................   80    88    96   104   112   120',
      '0.05 ..................  160   176   192   208   224   240',
      '0.01 ..................  800   880   960 1,040 1,120 1,200',
    ];
    const texts = [
      ...PROSE.map((t, i) => line(t, 72 + i * 13)),
      line('Table 1. Recommended sample sizes', 240),
      line('   Proportion            1.0   1.1   1.2   1.3   1.4   1.5', 266),
      ...rows.map((t, i) => line(t, 282 + i * 13)),
      ...PROSE.slice(0, 4).map((t, i) => line(t, 480 + i * 13)),
    ];
    const { tables, markdown } = await tablesOf([{ texts }]);
    expect(tables).toHaveLength(1);
    expect(tables[0]!.slice(-rows.length)).toEqual(rows.map((r) => r.replace(/\s*\.{3,}/, '').trim().split(/\s+/)));
    expect(markdown).not.toContain('`0.99`');
  });
});
