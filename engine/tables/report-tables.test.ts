/**
 * Tables as government and journal reports draw them, end to end from a
 * generated PDF: rules only across the table, numbers right-aligned in their
 * columns, rows grouped under bold labels.
 */
import { describe, expect, it } from 'vitest';
import { tablesOf, textWidth, type Stroke, type Text } from '../../test/support/tables/pdf.ts';

const DATA = [
  ['Austria', '86.2', '13.8', '0', '3,375'],
  ['Belgium', '0', '0', '100.0', '3,973'],
  ['Cyprus', '81.0', '3.8', '15.2', '158'],
  ['Czech Republic', '98.6', '1.4', '0', '17,655'],
  ['Denmark', '3.1', '10.2', '86.7', '1,662'],
];
const HEAD = ['Country', 'Domestic (%)', 'Imported (%)', 'Unknown (%)', 'Total (n)'];
/** Column boundaries: 85 | 170 | 255 | 340 | 425 | 510. */
const XS = [85, 170, 255, 340, 425, 510];

/** Body rows: the first cell left-aligned, numbers right-aligned 25pt before the column's end. */
async function bodyTexts(rows: readonly string[][], top: number, pitch: number): Promise<Text[]> {
  const out: Text[] = [];
  for (const [i, row] of rows.entries()) {
    for (const [k, text] of row.entries()) {
      const x = k === 0 ? XS[0]! + 4 : XS[k + 1]! - 25 - (await textWidth(text));
      out.push({ text, x, y: top + i * pitch });
    }
  }
  return out;
}

const h = (x0: number, x1: number, y: number): Stroke => ({ x0, y0: y, x1, y1: y });
const v = (x: number, y0: number, y1: number): Stroke => ({ x0: x, y0, x1: x, y1 });

describe('tables with rules across rows only', () => {
  it('reads the columns of a framed table whose body rows have no inner vertical rules from the text', async () => {
    const head = HEAD.map((text, k): Text => ({ text, x: XS[k]! + 4, y: 136, bold: true }));
    const body = await bodyTexts(DATA, 160, 14);
    const bottom = 156 + DATA.length * 14;
    const strokes = [
      h(85, 510, 130), h(85, 510, 156), h(85, 510, bottom),
      ...XS.map((x) => v(x, 130, 156)), v(85, 156, bottom), v(510, 156, bottom),
      ...DATA.slice(1).map((_, i) => h(85, 510, 170 + i * 14)),
    ];
    const { tables } = await tablesOf([{ texts: [...head, ...body], strokes }]);
    expect(tables).toHaveLength(1);
    expect(tables[0]).toEqual([HEAD, ...DATA]);
  });

  it('reads a booktabs table (rules above, under the header and below) into its columns', async () => {
    const head = HEAD.map((text, k): Text => ({ text, x: k === 0 ? XS[0]! + 4 : XS[k + 1]! - 25 - text.length * 4.5, y: 136 }));
    const body = await bodyTexts(DATA, 156, 12);
    const strokes = [h(85, 510, 130), h(85, 510, 150), h(85, 510, 156 + DATA.length * 12 + 2)];
    const texts = [{ text: 'Table 1. Cases by country of report and origin of case, 2007', x: 85, y: 110 }, ...head, ...body];
    const { tables } = await tablesOf([{ texts, strokes }]);
    expect(tables).toHaveLength(1);
    expect(tables[0]!.slice(1)).toEqual(DATA);
  });
});

describe('tables ruled only between bands of rows', () => {
  it('reads columns from the text when one vertical rule sets off the stub and the rest is whitespace', async () => {
    const rows = [['0', '138', '6.9', '6.9'], ['1', '178', '8.8', '15.7'], ['2', '626', '31.1', '46.8'], ['3', '1070', '53.2', '100.0']];
    const head: Text[] = ['Answers', 'Freq.', 'Percent', 'Cum.'].map((text, k) => ({ text, x: k === 0 ? 82 : 150 + k * 80, y: 212 }));
    const body = rows.flatMap((row, i) => row.map((text, k): Text => ({ text, x: k === 0 ? 82 : 150 + k * 80, y: 228 + i * 12 })));
    const strokes = [h(76, 520, 207), h(76, 520, 224), h(76, 520, 226), h(76, 520, 276), v(140, 207, 276)];
    const { tables } = await tablesOf([{ texts: [...head, ...body], strokes }]);
    expect(tables).toHaveLength(1);
    expect(tables[0]).toEqual([['Answers', 'Freq.', 'Percent', 'Cum.'], ...rows]);
  });
});

describe('row-group labels', () => {
  const GROUPS: [string, string[][]][] = [
    ['Sex', [['Female', '200,915', '103.1', '82,595', '42.6'], ['Male', '224,510', '176.5', '54,524', '43.9']]],
    ['Race', [['Asian', '7,570', '77.1', '3,662', '37.0'], ['Black', '44,530', '161.6', '17,045', '61.6'], ['White', '371,445', '134.2', '115,864', '41.7']]],
    ['Ethnicity', [['Hispanic', '20,939', '106.4', '7,005', '34.2'], ['Non-Hispanic', '403,588', '136.8', '129,892', '44.0']]],
  ];

  const TOTAL = ['total', '1', '2', '3', '4'];

  /** A table whose groups sit under bold labels; `gap` extra points before each label; with `totals`, each group ends in a bold total row set at the label's x (a hair apart, as producers place them). */
  async function groupedTable(gap: number, totals = false): Promise<Text[]> {
    const texts: Text[] = ['Characteristic', 'Deaths', 'Rate', 'Deaths', 'Rate'].map((text, k) => ({ text, x: k === 0 ? 90 : 150 + k * 80, y: 120, bold: true }));
    let y = 134;
    for (const [label, rows] of GROUPS) {
      y += gap;
      texts.push({ text: label, x: 90, y, bold: true });
      y += 11;
      for (const row of totals ? [...rows, TOTAL] : rows) {
        for (const [k, text] of row.entries()) {
          texts.push({ text, x: k === 0 ? (row === TOTAL ? 89.9 : 96) : 150 + k * 80 + 40 - (await textWidth(text)), y, bold: row === TOTAL });
        }
        y += 11;
      }
    }
    return texts;
  }

  const expected = GROUPS.flatMap(([label, rows]) => [[label, '', '', '', ''], ...rows]);

  it('keeps a group label under the total row of the group above as a row of its own', async () => {
    const { tables } = await tablesOf([{ texts: await groupedTable(9, true), strokes: [h(85, 500, 116), h(85, 500, 132)] }]);
    expect(tables).toHaveLength(1);
    expect(tables[0]!.slice(1)).toEqual(GROUPS.flatMap(([label, rows]) => [[label, '', '', '', ''], ...rows, TOTAL]));
  });

  it('keeps bold group labels inside one table, each label a row of its own', async () => {
    const { tables } = await tablesOf([{ texts: await groupedTable(0), strokes: [h(85, 500, 116), h(85, 500, 132)] }]);
    expect(tables).toHaveLength(1);
    expect(tables[0]!.slice(1)).toEqual(expected);
  });

  it('keeps one row per line of numbers when blank lines separate the groups', async () => {
    const { tables } = await tablesOf([{ texts: await groupedTable(9), strokes: [h(85, 500, 116), h(85, 500, 132)] }]);
    expect(tables).toHaveLength(1);
    expect(tables[0]!.slice(1)).toEqual(expected);
  });
});

describe('blank lines inside a table', () => {
  const ROWS = [['0', '39', '5.8', '10', '8.8'], ['250', '30', '5.9', '10', '9.0'], ['500', '33', '6.0', '10', '8.6']];
  const HEAD = ['Dose', 'No.', 'Weight', 'No.', 'Weight'];
  const X = [100, 160, 220, 280, 340];

  it('keeps the header, the group labels and the groups of one table together across the blanks between them', async () => {
    const texts: Text[] = HEAD.map((text, k) => ({ text, x: X[k]!, y: 120, bold: true }));
    let y = 150;
    for (const label of ['Male', 'Female']) {
      texts.push({ text: label, x: 80, y, bold: true });
      y += 20;
      for (const row of ROWS) {
        texts.push(...row.map((text, k): Text => ({ text, x: X[k]!, y })));
        y += 10;
      }
      y += 16;
    }
    const { tables } = await tablesOf([{ texts, strokes: [h(75, 400, 115), h(75, 400, 135), h(75, 400, y)] }]);
    expect(tables).toHaveLength(1);
    const empty = ['', '', '', ''];
    expect(tables[0]).toEqual([HEAD, ['Male', ...empty], ...ROWS, ['Female', ...empty], ...ROWS]);
  });
});

describe('figures', () => {
  it('reads a bar chart (gridlines, category ticks, a legend box) as text, not as a table', async () => {
    const ticks = ['140', '120', '100', '80', '60', '40', '20', '0'];
    const cats = ['0-4', '5-14', '15-24', '25-44', '45-64', '65+'];
    const texts: Text[] = [
      ...ticks.map((text, i): Text => ({ text, x: 150 - text.length * 5, y: 200 + i * 30 - 4 })),
      ...cats.map((text, i): Text => ({ text, x: 175 + i * 48, y: 398 })),
      ...['Austria', 'Belgium', 'Denmark'].map((text, i): Text => ({ text, x: 180 + i * 90, y: 204 })),
      ...['Finland', 'Hungary', 'Sweden'].map((text, i): Text => ({ text, x: 180 + i * 90, y: 216 })),
      { text: 'Age group', x: 300, y: 440, bold: true },
    ];
    const strokes = [
      ...ticks.map((_, i) => h(160, 460, 200 + i * 30)), h(460, 520, 200), h(460, 520, 410),
      v(160, 200, 410), v(460, 200, 410), v(520, 200, 410),
      ...cats.slice(1).map((_, i) => v(208 + i * 48, 380, 410)),
    ];
    const { tables, markdown } = await tablesOf([{ texts, strokes }]);
    expect(tables).toEqual([]);
    expect(markdown).toContain('Age group');
    expect(markdown).toContain('25-44');
  });
});

describe('ruled tables whose row rules leave the stub column open', () => {
  it('gives each label of the open stub column the row of the ruled cells on its baseline', async () => {
    const labels = ['Salaries', 'Fringe benefits', 'Staff travel', 'Office rent'];
    const values = [['1,314,000', '373,250'], ['352,000', '99,988'], ['94,000', '20,000'], ['170,000', '150,000']];
    const texts: Text[] = [
      { text: 'Cost category', x: 90, y: 136, bold: true }, { text: 'Total', x: 260, y: 136, bold: true }, { text: 'Indirect', x: 345, y: 136, bold: true },
      ...labels.flatMap((label, i): Text[] => [
        { text: label, x: 90, y: 154 + 14 * i },
        ...values[i]!.map((v, k): Text => ({ text: v, x: 250 + 85 * k, y: 154 + 14 * i })),
      ]),
    ];
    // Row rules only across the value columns; the frame's left edge runs down the stub.
    const bottom = 150 + 14 * labels.length;
    const strokes = [
      h(85, 420, 130), h(85, 420, 150), ...labels.slice(1).map((_, i) => h(245, 420, 164 + 14 * i)), h(85, 420, bottom),
      v(85, 130, bottom), v(245, 130, bottom), v(330, 130, bottom), v(420, 130, bottom),
    ];
    const { tables } = await tablesOf([{ texts, strokes }]);
    expect(tables).toHaveLength(1);
    expect(tables[0]).toEqual([['Cost category', 'Total', 'Indirect'], ...labels.map((l, i) => [l, ...values[i]!])]);
  });
});

describe('lines that only look like rows', () => {
  it('takes no table from two lines that share only their first and last columns', async () => {
    const texts: Text[] = [
      { text: 'Planting conditions were very good here, and crop growth was exceptional through June, and the', x: 60, y: 100 },
      { text: 'they could find.', x: 60, y: 112 },
      { text: 'Lat: 44.67, Long: -94.82', x: 450, y: 112 },
      { text: 'Yield & Income Factors:', x: 60, y: 130, bold: true },
      { text: 'Base Moisture = 13%', x: 170, y: 130 }, { text: 'Shrink = 1.3', x: 270, y: 130 },
      { text: 'Drying =', x: 340, y: 130 }, { text: '$0.020', x: 385, y: 130 }, { text: 'Price = $15.00', x: 460, y: 130 },
    ];
    const { tables } = await tablesOf([{ texts }]);
    expect(tables).toEqual([]);
  });

  it('leaves a label and its prose under a table out of the table', async () => {
    const rows = [['Brand', 'Yield', 'Moisture', 'Stand'], ['Kruger', '56.4', '7.6', '126.3'], ['Stine', '55.3', '7.6', '120.0'], ['Hefty', '53.7', '7.7', '124.4']];
    const texts = rows.flatMap((row, i) => row.map((text, k): Text => ({ text, x: 60 + 90 * k, y: 100 + 12 * i, bold: i === 0 })));
    texts.push({ text: 'COMMENTS:', x: 60, y: 148, bold: true }, { text: 'Planting conditions were very good here, and crop growth was exceptional.', x: 130, y: 148 });
    const { markdown, tables } = await tablesOf([{ texts }]);
    expect(tables).toEqual([rows]);
    expect(markdown).toContain('Planting conditions were very good here');
  });

  it('still reads a header over one row of cells as a table', async () => {
    const head = ['Sample', 'Moisture', 'Shrink', 'Price'];
    const row = ['Plot 1', '13%', '1.3', '$15.00'];
    const texts = [...head, ...row].map((text, i): Text => ({ text, x: 60 + 110 * (i % 4), y: i < 4 ? 100 : 114, bold: i < 4 }));
    const { tables } = await tablesOf([{ texts }]);
    expect(tables).toEqual([[head, row]]);
  });
});

describe('numeric columns set close together', () => {
  it('keeps two numbers placed as runs of their own apart though less than a cell gap separates them', async () => {
    const rows = [['Illinois', '17,747', '134.8', '5,989', '45.4'], ['Ohio', '19,820', '154.0', '5,828', '45.2'], ['Iowa', '5,469', '141.6', '1,718', '42.9']];
    // Right edges of three value columns; the last column starts 0.65em after the third's right edge.
    const rights = [140, 170, 215];
    const texts: Text[] = [];
    for (const [i, row] of rows.entries()) {
      texts.push({ text: row[0]!, x: 60, y: 100 + 10 * i, size: 7.5 }, { text: row[4]!, x: 215 + 0.65 * 7.5, y: 100 + 10 * i, size: 7.5 });
      for (const [k, text] of row.slice(1, 4).entries()) texts.push({ text, x: rights[k]! - (await textWidth(text, 7.5)), y: 100 + 10 * i, size: 7.5 });
    }
    const { tables } = await tablesOf([{ texts }]);
    expect(tables).toHaveLength(1);
    expect(tables[0]!.filter((r) => r.some((c) => c !== ''))).toEqual(rows);
  });
});
