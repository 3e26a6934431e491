import { describe, expect, it } from 'vitest';
import { furniture } from './furniture.ts';
import { DEFAULT_CONFIG } from '../stage.ts';
import { doc, line, page, run, textLines } from '../../test/engine/build.ts';
import { lineText } from '../geometry.ts';

const BODY = ['1995–  Member, American Psychological Association', '1998–  Member, Gerontological Society of America'];

/** A page of body text with `over` set across it at a slant (rotation in degrees, as the reader reports it). */
function stamped(over: string, fontSize: number, rotation = 315) {
  const mark = run(over, 73, 161, { fontSize, rotation });
  const slanted = { runs: [{ ...mark, box: { x0: 73, y0: 161, x1: 525, y1: 613 } }], box: { x0: 73, y0: 161, x1: 525, y1: 613 } };
  return page(1, [...textLines(BODY, 40, 200), slanted]);
}

describe('watermarks', () => {
  it('drops a word set at a slant across the page many times the body size', () => {
    const out = furniture.run(doc([stamped('Sample', 142)]), DEFAULT_CONFIG);
    expect(out.pages[0]!.lines.map(lineText)).toEqual(BODY);
    // A longer line is set smaller to span the page: 25 pt over 10 pt text.
    const copyright = furniture.run(doc([stamped('Copyright 2010 Karel de Grote-Hogeschool', 24.8)]), DEFAULT_CONFIG);
    expect(copyright.pages[0]!.lines.map(lineText)).toEqual(BODY);
  });

  it('keeps it when furniture is kept', () => {
    const out = furniture.run(doc([stamped('Sample', 142)]), { ...DEFAULT_CONFIG, furniture: 'keep' });
    expect(out.pages[0]!.lines.map(lineText)).toEqual([...BODY, 'Sample']);
  });

  it('keeps slanted text of the body size (a column label turned 45°) and large text set level or upright', () => {
    expect(furniture.run(doc([stamped('Imported (%)', 10)]), DEFAULT_CONFIG).pages[0]!.lines).toHaveLength(3);
    expect(furniture.run(doc([stamped('Imported (%)', 15)]), DEFAULT_CONFIG).pages[0]!.lines).toHaveLength(3);
    const level = page(1, [line(['Annual Report'], 40, 60, { fontSize: 40 }), ...textLines(BODY, 40, 200)]);
    expect(furniture.run(doc([level]), DEFAULT_CONFIG).pages[0]!.lines).toHaveLength(3);
    expect(furniture.run(doc([stamped('Sample', 142, 270)]), DEFAULT_CONFIG).pages[0]!.lines).toHaveLength(3);
  });
});
