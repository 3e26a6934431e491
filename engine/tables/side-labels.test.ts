import { describe, expect, it } from 'vitest';
import type { Doc, TextRun } from '../model.ts';
import { DEFAULT_CONFIG } from '../stage.ts';
import { tables } from './tables.ts';
import { doc, page, run } from '../../test/support/tables/pages.ts';

const tableCount = (d: Doc): number => d.pages.flatMap((p) => p.blocks.filter((b) => b.kind === 'table')).length;
const found = (runs: TextRun[]): Doc => tables.run(doc(page(runs)), DEFAULT_CONFIG);

/** Lines of running text, 66 characters (40 ems at 6 pt a character, 10 pt type) each. */
const PROSE = [
  'Reviewed the figures for the year and found that spending rose in',
  'most regions while revenue fell short of the forecast made in the',
  'spring. The committee then led a revised plan for the coming term.',
  'Network of roads and railways as well as schools and hospitals in',
  'the rural parts of the country where demand has grown faster than',
  'expected. Targets for new projects were lower than in years past.',
];

/**
 * Paragraphs set beside bold side labels, as LaTeX's `\parbox` pair or a word
 * processor draws them: the label on the paragraph's first baseline, lines
 * 12 pt apart, 8 pt more between paragraphs. `labels[i]` may wrap over lines.
 */
function sideLabelled(labels: string[][], linesEach: number): TextRun[] {
  const runs: TextRun[] = [];
  let y = 80;
  labels.forEach((label, p) => {
    label.forEach((part, k) => runs.push(run(part, 50, y + 12 * k, { bold: true })));
    for (let k = 0; k < linesEach; k++) runs.push(run(PROSE[(p + k) % PROSE.length]!, 140, y + 12 * k));
    y += 12 * Math.max(linesEach, label.length) + 8;
  });
  return runs;
}

describe('paragraphs beside side labels', () => {
  it('give no table when each short label stands beside three lines of running text', () => {
    const runs = sideLabelled([['As schools'], ['Focus on'], ['Revised plan'], ['Rural parts']], 3);
    const d = found(runs);
    expect(tableCount(d)).toBe(0);
    // The text stays, label and paragraph alike.
    expect(d.pages[0]!.lines.flatMap((l) => l.runs)).toHaveLength(runs.length);
  });

  it('give no table when a label wrapped over two lines stands beside the first lines of its paragraph', () => {
    // LaTeX: "Committee" over "reviewed" beside two lines, the paragraph running on below without a label.
    const runs = [
      run('Committee', 50, 80, { bold: true }), run(PROSE[0]!, 140, 80),
      run('reviewed', 50, 92, { bold: true }), run(PROSE[1]!, 140, 92),
      run(PROSE[2]!, 140, 104),
    ];
    expect(tableCount(found(runs))).toBe(0);
  });

  it('give no table when the rows cut the sentences of both columns (a label wrapped beside a word broken at the line end)', () => {
    const runs = [
      run('Committee', 50, 80, { bold: true }), run('The coming period with lower targets for new projects and main-', 140, 80),
      run('reviewed', 50, 92, { bold: true }), run('tenance. For the coming period with lower targets for new work.', 140, 92),
    ];
    expect(tableCount(found(runs))).toBe(0);
  });

  it('leave a term-and-description table with a header row a table', () => {
    const runs = [
      run('Option', 50, 80, { bold: true }), run('Meaning', 140, 80, { bold: true }),
      ...sideLabelled([['verbose'], ['quiet'], ['dry run']], 3).map((r) => ({ ...r, box: { ...r.box, y0: r.box.y0 + 16, y1: r.box.y1 + 16 } })),
    ];
    expect(tableCount(found(runs))).toBe(1);
  });

  it('leave terms with a line of description each a table: one entry per row', () => {
    const terms = ['Scope', 'Method', 'Budget', 'Review'];
    const runs = terms.flatMap((t, i) => [run(t, 50, 80 + 16 * i), run(PROSE[i]!, 140, 80 + 16 * i)]);
    expect(tableCount(found(runs))).toBe(1);
  });
});
