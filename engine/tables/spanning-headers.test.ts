/**
 * Whitespace tables whose header labels groups of columns, as statistical
 * reports set them: a label centred over its columns with a rule drawn under
 * it, stacked two deep, the stub's header wrapped down beside them.
 */
import { describe, expect, it } from 'vitest';
import { tablesOf, textWidth, type Stroke, type Text } from '../../test/support/tables/pdf.ts';

/** Left edges of the six value columns: two groups of three. */
const XS = [150, 195, 240, 320, 365, 410];
const SUB = ['No.', 'Rate', '(95% CI)', 'No.', 'Rate', '(95% CI)'];
const BODY = [
  ['45–54', '47', '21.8', '(16.0–29.0)', '91', '8.7', '(7.0–10.6)'],
  ['55–64', '116', '85.5', '(69.9–101.0)', '224', '31.9', '(27.7–36.1)'],
  ['65–74', '164', '234.9', '(199.0–270.9)', '527', '132.2', '(120.9–143.5)'],
];
const h = (x0: number, x1: number, y: number): Stroke => ({ x0, y0: y, x1, y1: y });

/** `text` centred over [x0, x1] on the line at y. */
async function centred(text: string, x0: number, x1: number, y: number): Promise<Text> {
  return { text, x: (x0 + x1) / 2 - (await textWidth(text)) / 2, y };
}

/** Column headers wrapped onto two lines over one column each, the stub's header on the second, and rows one text line apart. */
function wrappedHeaderTexts(): Text[] {
  const heads = [['Weighted school', 'participation rate'], ['Weighted student', 'response rate'], ['Number of', 'schools']];
  return [
    ...heads.flatMap(([a, b], k): Text[] => [{ text: a!, x: 150 + 110 * k, y: 100 }, { text: b!, x: 150 + 110 * k, y: 111 }]),
    { text: 'Education system', x: 60, y: 111 },
    ...[['Australia', '96', '95', '290'], ['Austria', '100', '98', '160'], ['Bulgaria', '97', '95', '150']]
      .flatMap((row, i) => row.map((text, k): Text => ({ text, x: k === 0 ? 60 : 170 + 110 * (k - 1), y: 128 + 12 * i }))),
  ];
}

describe('spanning headers of whitespace tables', () => {
  it('gives a label with a rule under it the columns the rule spans, and the stub header its rows', async () => {
    const right = XS[5]! + 55;
    const texts: Text[] = [
      await centred('Race', XS[0]!, right, 100),
      { text: 'Age group', x: 60, y: 114 },
      await centred('Black', XS[0]!, XS[3]! - 20, 114),
      await centred('White', XS[3]!, right, 114),
      { text: '(yrs)', x: 60, y: 128 },
      ...SUB.map((text, k): Text => ({ text, x: XS[k]!, y: 128 })),
      ...BODY.flatMap((row, i) => row.map((text, k): Text => ({ text, x: k === 0 ? 60 : XS[k - 1]!, y: 145 + 12 * i }))),
    ];
    const strokes = [h(55, right, 95), h(XS[0]!, right, 111), h(XS[0]!, XS[3]! - 20, 125), h(XS[3]!, right, 125), h(55, right, 140)];
    const { markdown, tables } = await tablesOf([{ texts, strokes }]);
    expect(tables).toHaveLength(1);
    expect(markdown).toContain('<tr><th rowspan="3">Age group (yrs)</th><th colspan="6">Race</th></tr>');
    expect(markdown).toContain('<tr><th colspan="3">Black</th><th colspan="3">White</th></tr>');
    expect(tables[0]!.slice(2)).toEqual([SUB, ...BODY]);
  });

  it('keeps wrapped column headers over one column each when only the bottom border is drawn, cell by cell', async () => {
    const texts = wrappedHeaderTexts();
    // The border under the header drawn in one segment per cell, each wider than the numbers below it.
    const strokes = [h(55, 145, 123), h(145, 255, 123), h(255, 365, 123), h(365, 475, 123)];
    const { markdown, tables } = await tablesOf([{ texts, strokes }]);
    expect(markdown).not.toContain('colspan');
    expect(tables[0]).toContainEqual(['Education system', 'Weighted school participation rate', 'Weighted student response rate', 'Number of schools']);
  });

  it('keeps wrapped column headers over one column each when the bottom border is one rule', async () => {
    // Body rows one text line apart, as the header's lines are: only the rule says where the header ends.
    const texts = wrappedHeaderTexts();
    const { tables } = await tablesOf([{ texts, strokes: [h(55, 475, 123)] }]);
    expect(tables[0]).toContainEqual(['Education system', 'Weighted school participation rate', 'Weighted student response rate', 'Number of schools']);
    expect(tables[0]).toHaveLength(4);
  });

  it('keeps a label centred over two headers that start with a digit off their wrapped lines, over a header rule', async () => {
    // `1st alternative` reads as a body cell to the spanning search; the label must still not join the column below it.
    const xs = [150, 260, 370, 480];
    const texts: Text[] = [
      await centred('Group A', xs[0]!, xs[1]! + 90, 100),
      await centred('Group B', xs[2]!, xs[3]! + 90, 100),
      { text: 'Ion', x: 60, y: 111 },
      ...['1st alternative', '2nd alternative', '1st alternative', '2nd alternative'].map((text, k): Text => ({ text, x: xs[k]!, y: 111 })),
      ...[['K', '(2e)', '(4i)', '(2c)', '(4f)'], ['Mn', '(2g)', '(4k)', '(4e)', '(2a)'], ['Cl', '(8r)', '(4j)', '(4g)', '(4h)']]
        .flatMap((row, i) => row.map((text, k): Text => ({ text, x: k === 0 ? 60 : xs[k - 1]!, y: 128 + 12 * i }))),
    ];
    const { tables } = await tablesOf([{ texts, strokes: [h(55, 575, 95), h(55, 575, 123)] }]);
    expect(tables[0]).toContainEqual(['Ion', '1st alternative', '2nd alternative', '1st alternative', '2nd alternative']);
  });

  it('reads a year over two sub-headers whose rule is drawn cell by cell under the sub-headers only (browser booktabs)', async () => {
    // Rows padded apart (a browser's table); the rule under `Total  Share` is one piece per value cell, none under the stub.
    const rights = [200, 250, 310, 360, 420];
    const at = async (text: string, right: number, y: number, bold = false): Promise<Text> => ({ text, x: right - (await textWidth(text)), y, bold });
    const body = [['Belgium', '-8.86', '+829', '6.33', '-271', '22.1'], ['Estonia', '848', '40,419', '+3.33', '825', '-63,926'], ['Italy', '-378', '-78,555', '-81,809', '-0.82', '-97,387']];
    const texts: Text[] = [
      { text: 'Sector', x: 60, y: 100, bold: true },
      { ...(await centred('2016', rights[0]! - 35, rights[1]!, 100)), bold: true },
      { ...(await centred('2017', rights[2]! - 35, rights[3]!, 100)), bold: true },
      await at('2018', rights[4]!, 100, true),
      ...(await Promise.all(['Total', 'Share', 'Total', 'Share', 'Total'].map((t, k) => at(t, rights[k]!, 117, true)))),
      ...(await Promise.all(body.flatMap((row, i) => row.map((t, k) => (k === 0 ? Promise.resolve({ text: t, x: 60, y: 135 + 17 * i }) : at(t, rights[k - 1]!, 135 + 17 * i)))))),
    ];
    const cuts = [155, 205, 255, 315, 365, 425];
    const strokes = [h(55, 425, 96), ...cuts.slice(1).map((x, k) => h(cuts[k]!, x, 130)), h(55, 425, 182)];
    const { markdown, tables } = await tablesOf([{ texts, strokes }]);
    expect(markdown).toContain('<th colspan="2">2016</th><th colspan="2">2017</th>');
    // `2018` over `Total` alone labels its column as the years beside it label theirs: a header cell of its own.
    expect(markdown).toContain('<th colspan="2">2017</th><th>2018</th></tr>');
    expect(markdown).toContain('<tr><th>Total</th><th>Share</th><th>Total</th><th>Share</th><th>Total</th></tr>');
    expect(tables[0]!.slice(-3)).toEqual(body);
  });

  it('cuts sub-headers set a space apart in one run at the gutters of the columns below', async () => {
    // One run '0-4 5-9 10+' whose pieces end where the single-digit columns below end.
    const pieces = ['0-4', '5-9', '10+'];
    const x0 = 200;
    const rights = [await textWidth('0-4'), await textWidth('0-4 5-9'), await textWidth('0-4 5-9 10+')].map((w) => x0 + w);
    const body = [['Total', '4', '7', '2'], ['Public', '5', '8', '1'], ['Private', '3', '6', '9']];
    const texts: Text[] = [
      await centred('Amount', x0, rights[2]!, 100),
      { text: pieces.join(' '), x: x0, y: 112 },
      { text: 'Characteristic', x: 60, y: 124 },
    ];
    for (const right of rights) texts.push({ text: 'n', x: right - (await textWidth('n')), y: 124 });
    for (const [i, row] of body.entries()) {
      texts.push({ text: row[0]!, x: 60, y: 140 + 12 * i });
      for (const [k, text] of row.slice(1).entries()) texts.push({ text, x: rights[k]! - (await textWidth(text)), y: 140 + 12 * i });
    }
    const { markdown, tables } = await tablesOf([{ texts, strokes: [h(x0 - 5, rights[2]! + 5, 110), h(55, rights[2]! + 5, 135)] }]);
    expect(markdown).toContain('<th colspan="3">Amount</th>');
    expect(tables[0]!.slice(1)).toEqual([pieces.map((p) => `${p} n`), ...body]);
  });
  it('gives a label centred between two column headers their columns when no rule is drawn (office "none" style)', async () => {
    // Value columns in pairs under a year; numbers right-aligned at these right edges, headers right-aligned too.
    const rights = [200, 250, 310, 360];
    const sub = ['Total', 'Share', 'Total', 'Share'];
    const body = [['Croatia', '412', '55.1', '791', '7.19'], ['Finland', '3.7', '50.2', '915', '65.3'], ['Latvia', '141', '46.9', '360', '41.0']];
    const at = async (text: string, right: number, y: number, bold = false): Promise<Text> => ({ text, x: right - (await textWidth(text)), y, bold });
    const texts: Text[] = [
      { text: 'Table 1. Lower targets for new projects.', x: 60, y: 86, bold: true },
      { text: 'Country', x: 60, y: 100, bold: true },
      { ...(await centred('2016', rights[0]! - 30, rights[1]!, 100)), bold: true },
      { ...(await centred('2017', rights[2]! - 30, rights[3]!, 100)), bold: true },
      ...(await Promise.all(sub.map((t, k) => at(t, rights[k]!, 114, true)))),
      ...(await Promise.all(body.flatMap((row, i) => row.map((t, k) => (k === 0 ? Promise.resolve({ text: t, x: 60, y: 130 + 14 * i }) : at(t, rights[k - 1]!, 130 + 14 * i)))))),
    ];
    const { markdown, tables } = await tablesOf([{ texts }]);
    expect(markdown).toContain('<th colspan="2">2016</th><th colspan="2">2017</th>');
    expect(tables[0]!.slice(2)).toEqual(body);
  });

  it('gives a centred label its columns when the stub header sits between the header lines (LaTeX multirow)', async () => {
    // `Region` is centred on the two header lines, so it makes a line of its own between them.
    const rights = [200, 250, 310, 360];
    const body = [['Croatia', '412', '55.1', '791', '7.19'], ['Finland', '3.7', '50.2', '915', '65.3'], ['Latvia', '141', '46.9', '360', '41.0']];
    const at = async (text: string, right: number, y: number, bold = false): Promise<Text> => ({ text, x: right - (await textWidth(text)), y, bold });
    const texts: Text[] = [
      { ...(await centred('2016', rights[0]! - 30, rights[1]!, 100)), bold: true },
      { ...(await centred('2017', rights[2]! - 30, rights[3]!, 100)), bold: true },
      { text: 'Region', x: 60, y: 107, bold: true },
      ...(await Promise.all(['Total', 'Share', 'Total', 'Share'].map((t, k) => at(t, rights[k]!, 114, true)))),
      ...(await Promise.all(body.flatMap((row, i) => row.map((t, k) => (k === 0 ? Promise.resolve({ text: t, x: 60, y: 130 + 12 * i }) : at(t, rights[k - 1]!, 130 + 12 * i)))))),
    ];
    const { markdown, tables } = await tablesOf([{ texts }]);
    expect(markdown).toContain('<th colspan="2">2016</th><th colspan="2">2017</th>');
    expect(markdown).toContain('<th rowspan="2">Region</th>');
    expect(tables[0]!.slice(2)).toEqual(body);
  });

  it('leaves a one-line header between wrapped ones its own column when no rule is drawn', async () => {
    // `Women` / `2001` wrapped, `Output 2004` on one line: `Output 2004` stands between `2001` and `2005` below.
    const xs = [150, 230, 310];
    const texts: Text[] = [
      { text: 'Item', x: 60, y: 100, bold: true },
      { text: 'Women', x: xs[0]!, y: 100, bold: true },
      { text: 'Output 2004', x: xs[1]!, y: 100, bold: true },
      { text: 'Median', x: xs[2]!, y: 100, bold: true },
      { text: '2001', x: xs[0]!, y: 111, bold: true },
      { text: '2005', x: xs[2]!, y: 111, bold: true },
      ...[['Belgium', '3.88', '65.0', '138'], ['France', '45.6', '7.58', '9.27'], ['Latvia', '0.98', '95.8', '18.4']]
        .flatMap((row, i) => row.map((text, k): Text => ({ text, x: k === 0 ? 60 : xs[k - 1]! + 10, y: 128 + 12 * i }))),
    ];
    const { markdown, tables } = await tablesOf([{ texts }]);
    expect(markdown).not.toContain('colspan');
    expect(tables[0]![0]).toEqual(['Item', 'Women 2001', 'Output 2004', 'Median 2005']);
  });
});
