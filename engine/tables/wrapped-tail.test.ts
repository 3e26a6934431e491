/**
 * A table's last row whose cell wraps in a narrow column: the wrapped line
 * under it is the cell's, not a paragraph after the table (Writer and Calc
 * set stub labels so; at the foot of a layout column it also keeps the
 * table's two halves joinable).
 */
import { describe, expect, it } from 'vitest';
import { tablesOf, textWidth, type Text } from '../../test/support/tables/pdf.ts';

const RIGHTS = [210, 270];
const at = async (text: string, right: number, y: number): Promise<Text> => ({ text, x: right - (await textWidth(text)), y });

/** A header and rows at `pitch`, the last row's stub `last` with `under` set one text line below it. */
async function table(pitch: number, last: string, under: string): Promise<Text[]> {
  const rows = [['Bulgaria', '50', '469'], ['France', '-413', '-295'], ['Luxembourg', '141', '+25'], [last, '+3.73', '-63.7']];
  const texts: Text[] = [{ text: 'Country', x: 60, y: 100, bold: true }, await at('Imports', RIGHTS[0]!, 100), await at('Count', RIGHTS[1]!, 100)];
  for (const [i, [stub, a, b]] of rows.entries()) {
    const y = 100 + pitch * (i + 1);
    texts.push({ text: stub!, x: 60, y }, await at(a!, RIGHTS[0]!, y), await at(b!, RIGHTS[1]!, y));
  }
  texts.push({ text: under, x: 60, y: 100 + pitch * rows.length + 11 });
  return texts;
}

describe('a wrapped line under the last row', () => {
  it('joins the last row when the rows are padded and it follows at the leading', async () => {
    const { tables } = await tablesOf([{ texts: await table(18, 'Private', 'households') }]);
    expect(tables[0]!.at(-1)).toEqual(['Private households', '+3.73', '-63.7']);
  });

  it('joins the last row of unpadded rows when its first word would not have fitted beside the cell', async () => {
    const { tables } = await tablesOf([{ texts: await table(11, 'Private', 'householdsandsmallfirms') }]);
    expect(tables[0]!.at(-1)).toEqual(['Private householdsandsmallfirms', '+3.73', '-63.7']);
  });

  it('stays out of unpadded rows when its first word would have fitted beside the cell', async () => {
    const { tables } = await tablesOf([{ texts: await table(11, 'Other', 'n/a') }]);
    expect(tables[0]!.at(-1)).toEqual(['Other', '+3.73', '-63.7']);
  });
});
