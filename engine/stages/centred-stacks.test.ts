import { describe, expect, it } from 'vitest';
import { readingOrder } from './reading-order.ts';
import { blocks } from './blocks.ts';
import { headings } from './headings.ts';
import { DEFAULT_CONFIG } from '../stage.ts';
import { doc, line, page, run } from '../../test/engine/build.ts';
import { lineText } from '../geometry.ts';
import type { Line } from '../model.ts';

/** One row across the page: each text centred on its x, at one baseline, as the lines stage gives a grid's row. */
function row(cells: [string, number][], y: number, size: number): Line {
  const runs = cells.map(([t, cx]) => run(t, cx - (t.length * size) / 4, y, { fontSize: size }));
  return { runs, box: { x0: runs[0]!.box.x0, y0: y, x1: runs.at(-1)!.box.x1, y1: y + size } };
}

/** acmart's author grid: names at 12 pt over affiliations at 10 pt, three stacks abreast of unequal height. */
function authorGrid(): Line[] {
  return [
    line(['The Name of the Title Is Hope'], 200, 40, { fontSize: 17 }),
    row([['Ann Author', 150], ['Bob Builder', 306], ['Cleo Coder', 462]], 70, 12),
    row([['ann@first.edu', 150], ['The Builder Group', 306], ['Inria Paris', 462]], 85, 10),
    row([['Institute for Clarity in Documentation', 150], ['Hekla, Iceland', 306], ['Rocquencourt, France', 462]], 97, 10),
    row([['Dublin, Ohio, USA', 150]], 109, 10),
    row([['Dan Doe', 228], ['Eve Editor', 384]], 135, 12),
    row([['Tsinghua University', 228], ['Palmer Research Laboratories', 384]], 150, 10),
    row([['Haidian Qu, Beijing, China', 228], ['San Antonio, Texas, USA', 384]], 162, 10),
    line(['We trained every model on the same split of the data and report the mean of five runs.'], 72, 190),
    line(['The learning rate was chosen on the validation set and then kept for all experiments.'], 72, 202),
  ];
}

describe('centred stacks abreast (author grids)', () => {
  it('reads each author whole, stacks left to right, grid row by grid row', () => {
    const out = readingOrder.run(doc([page(1, authorGrid())]), DEFAULT_CONFIG).pages[0]!.lines.map((l) => lineText(l).trim());
    expect(out).toEqual([
      'The Name of the Title Is Hope',
      'Ann Author', 'ann@first.edu', 'Institute for Clarity in Documentation', 'Dublin, Ohio, USA',
      'Bob Builder', 'The Builder Group', 'Hekla, Iceland',
      'Cleo Coder', 'Inria Paris', 'Rocquencourt, France',
      'Dan Doe', 'Tsinghua University', 'Haidian Qu, Beijing, China',
      'Eve Editor', 'Palmer Research Laboratories', 'San Antonio, Texas, USA',
      'We trained every model on the same split of the data and report the mean of five runs.',
      'The learning rate was chosen on the validation set and then kept for all experiments.',
    ]);
  });

  it('makes no heading of an author\'s name, set larger than the text as it is', () => {
    const prose = Array.from({ length: 6 }, (_, i) => line(['We trained every model on the same split of the data and report the mean of five runs.'], 72, 190 + 12 * i));
    const d = [readingOrder, blocks, headings].reduce((x, st) => st.run(x, DEFAULT_CONFIG), doc([page(1, [...authorGrid().slice(0, -2), ...prose])]));
    const heads = d.pages[0]!.blocks.filter((b) => b.kind === 'heading').map((b) => (b.kind === 'heading' ? b.spans.map((sp) => sp.text).join('') : ''));
    expect(heads).toEqual(['The Name of the Title Is Hope']);
  });

  it('keeps the row order of stacked words in one style (a table header) and of justified columns', () => {
    const header = [
      row([['Revenue', 150], ['Capital', 306], ['Total', 462]], 70, 10),
      row([['Medical and Family', 150], ['Welfare', 306], ['Revenue and Capital', 462]], 82, 10),
      row([['Account', 150]], 94, 10),
      line(['We trained every model on the same split of the data and report the mean of five runs.'], 72, 120),
    ];
    const out = readingOrder.run(doc([page(1, header)]), DEFAULT_CONFIG).pages[0]!.lines.map((l) => lineText(l).trim());
    expect(out[0]).toBe('RevenueCapitalTotal');
  });
});
