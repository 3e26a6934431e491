/**
 * Ruled bands whose records a column of numbers opens (numbered-lines.ts),
 * end to end from a generated PDF: a box with a header rule over an unruled body.
 */
import { describe, expect, it } from 'vitest';
import { tablesOf, type Stroke, type Text } from '../../test/support/tables/pdf.ts';

const h = (x0: number, x1: number, y: number): Stroke => ({ x0, y0: y, x1, y1: y });
const v = (x: number, y0: number, y1: number): Stroke => ({ x0: x, y0, x1: x, y1 });
const X = [150, 200, 450];

/** A two-column box, a rule under its header, `body` texts in one unruled band. */
async function boxed(body: Text[], bottom: number): Promise<string[][][]> {
  const head = ['No', 'Item'].map((text, k): Text => ({ text, x: X[k]! + 5, y: 124, bold: true }));
  const strokes = [h(150, 450, 120), h(150, 450, 136), h(150, 450, bottom), ...X.map((x) => v(x, 120, bottom))];
  const around: Text[] = [{ text: 'Table 3. Documents', x: 150, y: 100 }, { text: 'Source: register.', x: 150, y: bottom + 10 }];
  return (await tablesOf([{ texts: [...around, ...head, ...body], strokes }])).tables;
}

const at = (k: number, y: number, ...lines: string[]): Text[] => lines.map((text, i) => ({ text, x: X[k]! + 5, y: y + i * 11 }));

describe('numbered lines in a ruled band', () => {
  it('cuts the band above each number that sits beside a line of another column', async () => {
    const body = [...at(1, 142, 'Engine layout of:', 'Starting air', 'Fuel oil', 'Cooling water'), ...at(0, 153, '13', '14', '15')];
    expect((await boxed(body, 190))[0]).toEqual([
      ['No', 'Item'],
      ['', 'Engine layout of:'],
      ['13', 'Starting air'],
      ['14', 'Fuel oil'],
      ['15', 'Cooling water'],
    ]);
  });

  it('keeps a cell that wraps beside a single number one cell', async () => {
    const body = [...at(0, 142, '13'), ...at(1, 142, 'Shielding of exhaust pipes', 'and other hot parts', 'of the engine')];
    expect((await boxed(body, 180))[0]).toEqual([
      ['No', 'Item'],
      ['13', 'Shielding of exhaust pipes and other hot parts of the engine'],
    ]);
  });

  it('keeps notes numbered inside one merged cell together', async () => {
    const head = ['No', 'Item'].map((text, k): Text => ({ text, x: X[k]! + 5, y: 124, bold: true }));
    const rows = [...at(0, 142, '1', '2'), ...at(1, 142, 'Engine', 'Shaft')];
    // Each mark a run of its own, under the first column; its words reach into the second (one cell merged across both).
    const notes = [0, 1, 2].flatMap((i): Text[] => [{ text: `(${i + 1})`, x: 155, y: 170 + i * 11 }, { text: `Note number ${i + 1}.`, x: 172, y: 170 + i * 11 }]);
    const strokes = [h(150, 450, 120), h(150, 450, 136), h(150, 450, 165), h(150, 450, 205), v(150, 120, 205), v(200, 120, 165), v(450, 120, 205)];
    const around: Text[] = [{ text: 'Table 3. Documents', x: 150, y: 100 }, { text: 'Source: register.', x: 150, y: 215 }];
    const [table] = (await tablesOf([{ texts: [...around, ...head, ...rows, ...notes], strokes }])).tables;
    expect(table?.[table.length - 1]).toEqual(['(1) Note number 1. (2) Note number 2. (3) Note number 3.']);
  });

  it('keeps words wrapped beside words one cell', async () => {
    const body = [...at(0, 142, 'Sample', 'unit', 'kind'), ...at(1, 142, 'Sample', 'size', 'given')];
    expect((await boxed(body, 180))[0]).toEqual([
      ['No', 'Item'],
      ['Sample unit kind', 'Sample size given'],
    ]);
  });
});
