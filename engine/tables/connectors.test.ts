import { describe, expect, it } from 'vitest';
import type { Block, Doc, TextRun } from '../model.ts';
import { DEFAULT_CONFIG } from '../stage.ts';
import { tables } from './tables.ts';
import { doc, hRule, page, run, vRule } from '../../test/support/tables/pages.ts';

type Table = Extract<Block, { kind: 'table' }>;
const tablesOf = (d: Doc): Table[] => d.pages.flatMap((p) => p.blocks.filter((b): b is Table => b.kind === 'table'));

/** A graph's numbered vertices in rows (glpk's graph.txt figure), each label 6 pt a digit, 10 pt tall. */
const vertices: TextRun[] = [
  ...['1', '2', '3', '4'].map((t, k) => run(t, 200 + 40 * k, 100)),
  run('5', 200, 137), run('6', 240, 137),
  ...['7', '8', '9', '10', '11'].map((t, k) => run(t, 200 + 40 * k, 174)),
  ...['12', '13', '14', '15'].map((t, k) => run(t, [200, 280, 320, 360][k]!, 211)),
];

describe('a diagram whose labels drawn lines join', () => {
  it('is no table: arrows run from one label to the next at mid-height, and down from a label to the one under it', () => {
    const edges = [hRule(207, 238, 105), hRule(247, 278, 105), hRule(287, 318, 105), hRule(207, 238, 142),
      vRule(203, 111, 136), vRule(203, 148, 173), hRule(207, 278, 179), hRule(287, 318, 179), hRule(327, 358, 179),
      vRule(283, 185, 210), hRule(293, 318, 216)];
    expect(tablesOf(tables.run(doc(page(vertices, edges)), DEFAULT_CONFIG))).toEqual([]);
  });

  it('is read as a table without its lines (what the lines alone decide)', () => {
    expect(tablesOf(tables.run(doc(page(vertices)), DEFAULT_CONFIG))).toHaveLength(1);
  });

  it('leaves a table whose rules run between its rows and beside its columns', () => {
    const rows = [['Item', 'Men', 'Women'], ['Belgium', '7.51', '8.03'], ['Finland', '18.6', '86.7'], ['Latvia', '27.8', '5.72']];
    const runs = rows.flatMap((r, i) => r.map((t, k) => run(t, [60, 150, 230][k]!, 100 + 16 * i)));
    const rules = [hRule(55, 280, 113), hRule(55, 280, 129), hRule(55, 280, 145), vRule(140, 97, 160), vRule(220, 97, 160)];
    expect(tablesOf(tables.run(doc(page(runs, rules)), DEFAULT_CONFIG))).toHaveLength(1);
  });
});
