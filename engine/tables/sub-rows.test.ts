/**
 * Ruled bands holding several rows (sub-rows.ts), end to end from a
 * generated PDF.
 */
import { describe, expect, it } from 'vitest';
import { tablesOf, type Stroke, type Text } from '../../test/support/tables/pdf.ts';

const h = (x0: number, x1: number, y: number): Stroke => ({ x0, y0: y, x1, y1: y });
const v = (x: number, y0: number, y1: number): Stroke => ({ x0: x, y0, x1: x, y1 });
const X = [150, 245, 410, 550];

/** A three-column frame with a header row and one ruled band below it holding `band` texts; rules only around the band. */
async function framed(band: Text[], bottom: number): Promise<string[][][]> {
  const head = ['Source', 'Definition', 'Examples'].map((text, k): Text => ({ text, x: X[k]! + 5, y: 124, bold: true }));
  const strokes = [h(150, 550, 120), h(150, 550, 136), h(150, 550, bottom), ...X.map((x) => v(x, 120, bottom))];
  // Text above and below: the rule reader skips a page's first and last lines when deciding whether to read rules.
  const around: Text[] = [{ text: 'Table 1. Sources', x: 150, y: 100 }, { text: 'Source: survey.', x: 150, y: bottom + 10 }];
  return (await tablesOf([{ texts: [...around, ...head, ...band], strokes }])).tables;
}

const at = (k: number, y: number, ...lines: string[]): Text[] => lines.map((text, i) => ({ text, x: X[k]! + 5, y: y + i * 11 }));

describe('rows inside a ruled band', () => {
  it('splits a band at blank lines under which the first column and another start cells', async () => {
    const band = [
      ...at(0, 142, 'Stationary:'),
      ...at(0, 164, 'Major'), ...at(1, 164, 'Emissions of 10 tons', 'per year or more'), ...at(2, 164, 'Utilities, refineries'),
      ...at(0, 197, 'Area'), ...at(1, 197, 'Emissions of less', 'than 10 tons per year'), ...at(2, 197, 'Dry cleaners'),
    ];
    const tables = await framed(band, 225);
    expect(tables).toHaveLength(1);
    expect(tables[0]).toEqual([
      ['Source', 'Definition', 'Examples'],
      ['Stationary:', '', ''],
      ['Major', 'Emissions of 10 tons per year or more', 'Utilities, refineries'],
      ['Area', 'Emissions of less than 10 tons per year', 'Dry cleaners'],
    ]);
  });

  it('keeps a cell of two paragraphs in its row', async () => {
    const band = [...at(0, 142, 'Major'), ...at(1, 142, 'First paragraph of', 'the definition.'), ...at(1, 175, 'Second paragraph.'), ...at(2, 142, 'Utilities')];
    const tables = await framed(band, 200);
    expect(tables[0]).toEqual([
      ['Source', 'Definition', 'Examples'],
      ['Major', 'First paragraph of the definition. Second paragraph.', 'Utilities'],
    ]);
  });
});
