import { describe, expect, it } from 'vitest';
import { contents, contentsOnPage, parseEntry } from './contents.ts';
import { STAGES, runStages } from '../pipeline.ts';
import { renderDoc } from '../render/index.ts';
import { doc, line, page, run } from '../../test/engine/build.ts';
import type { Line } from '../model.ts';

/** An entry: its title from x, then a page number right-aligned at x 400 (a 10 pt digit is 5 pt wide here). */
function entry(title: string, x: number, y: number, pageNo: string, leaders = true): Line {
  // The lines stage ends each run but the last with the space it found after it.
  const head = run(`${title} `, x, y);
  const num = run(pageNo, 400 - pageNo.length * 5, y);
  const dots = leaders ? [run('. . . . . . . . . . ', head.box.x1, y)] : [];
  return line([head, ...dots, num], x, y);
}

const toc = [
  entry('1 Introduction', 72, 100, '1'), entry('1.1 Scope', 84, 112, '1'), entry('1.2 Terms', 84, 124, '2'),
  entry('2 Installation', 72, 136, '3'), entry('2.1 Requirements', 84, 148, '3'), entry('3 Usage', 72, 160, '5'),
];

describe('tables of contents', () => {
  it('reads an entry\'s title and page after dot leaders or a tab, and nothing else', () => {
    expect(parseEntry(entry('4.1 Grouping', 72, 100, '7'))).toMatchObject({ title: '4.1 Grouping', page: '7', leader: true });
    expect(parseEntry(line(['4.3 Align . . . . . . . .8'], 72, 100))).toMatchObject({ title: '4.3 Align', page: '8' });
    expect(parseEntry(entry('Preface', 72, 100, 'iii', false))).toMatchObject({ title: 'Preface', page: 'iii', leader: false });
    // A sentence ending in a number, and a row of a table with columns of figures.
    expect(parseEntry(line(['See the figures on page 12'], 72, 100))).toBeNull();
    expect(parseEntry(line([run('Profiling ', 72, 100), run('Yes ', 200, 100), run('Partial ', 260, 100), run('1', 395, 100)], 72, 100))).toBeNull();
  });

  it('makes the entries one list nested by indent, leaders dropped, so no table is made of them', () => {
    const p = page(1, toc);
    const out = contentsOnPage(p);
    expect(out.lines).toHaveLength(0);
    const md = renderDoc(runStages(doc([page(1, toc)]), STAGES));
    expect(md).toBe(['- 1 Introduction 1', '  - 1.1 Scope 1', '  - 1.2 Terms 2', '- 2 Installation 3', '  - 2.1 Requirements 3', '- 3 Usage 5'].join('\n') + '\n');
  });

  it('leaves a column of figures that go down, never move, or count up by one without leaders', () => {
    const down = [entry('Alpha', 72, 100, '9'), entry('Beta', 72, 112, '4'), entry('Gamma', 72, 124, '7'), entry('Delta', 72, 136, '2')];
    const still = [entry('Alpha', 72, 100, '0'), entry('Beta', 72, 112, '0'), entry('Gamma', 72, 124, '0'), entry('Delta', 72, 136, '0')];
    const ranks = ['Norway', 'Iceland', 'Sweden', 'Denmark'].map((c, i) => entry(c, 72, 100 + 12 * i, String(i + 1), false));
    for (const lines of [down, still, ranks]) expect(contents.run(doc([page(1, lines)]), {} as never).pages[0]!.blocks).toHaveLength(0);
    // Set at a tab without leaders, entries are a contents only under a contents' title.
    const tabbed = ['Preface', 'Scope', 'Terms', 'Usage'].map((c, i) => entry(c, 72, 112 + 12 * i, String(2 * i + 1), false));
    expect(contentsOnPage(page(1, tabbed)).blocks).toHaveLength(0);
    expect(contentsOnPage(page(1, [line(['Contents'], 72, 90), ...tabbed])).blocks).toHaveLength(1);
    // Three entries are a few references to pages, not a contents.
    expect(contentsOnPage(page(1, toc.slice(0, 3))).blocks).toHaveLength(0);
  });
});
