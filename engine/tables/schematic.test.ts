import { describe, expect, it } from 'vitest';
import { detectRuledTables } from './ruled-tables.ts';
import { hRule, linesOf, run, vRule } from '../../test/support/tables/pages.ts';
import type { Rule, TextRun } from '../model.ts';

/** A box of 80 x 30 points at (x, y), drawn as four rules. */
const box = (x: number, y: number): Rule[] => [hRule(x, x + 80, y), hRule(x, x + 80, y + 30), vRule(x, y, y + 30), vRule(x + 80, y, y + 30)];

describe('vector schematics are figures, not ruled tables', () => {
  it('labelled boxes joined by wires give no table', () => {
    const rules: Rule[] = [];
    const runs: TextRun[] = [];
    const names = ['Input', 'Filter', 'Buffer', 'Clock', 'Memory', 'Output'];
    names.forEach((name, i) => {
      const x = 50 + (i % 3) * 130;
      const y = 100 + Math.floor(i / 3) * 70;
      rules.push(...box(x, y));
      runs.push(run(name, x + 20, y + 10));
      if (i % 3 < 2) rules.push(hRule(x + 80, x + 130, y + 15));
      if (i < 3) rules.push(vRule(x + 40, y + 30, y + 70));
    });
    runs.push(run('CLK', 135, 100));
    const found = detectRuledTables(1, rules, linesOf(runs));
    expect(found.tables).toHaveLength(0);
  });

  it('a grid whose stub column is open at the top is still a table', () => {
    const rules: Rule[] = [];
    const runs: TextRun[] = [];
    // Header rule only over the value columns; rules between body rows run across the table.
    rules.push(hRule(150, 350, 100), vRule(150, 100, 190), vRule(250, 100, 190), vRule(350, 100, 190));
    for (let r = 0; r < 4; r++) {
      rules.push(hRule(50, 350, 130 + r * 20 - 10));
      runs.push(run(r === 0 ? '' : `Row ${r}`, 60, 105 + r * 20), run(`${r}1`, 160, 105 + r * 20), run(`${r}2`, 260, 105 + r * 20));
    }
    rules.push(hRule(50, 350, 190));
    const found = detectRuledTables(1, rules, linesOf(runs.filter((x) => x.text !== '')));
    expect(found.tables).toHaveLength(1);
  });
});
