import { describe, expect, it } from 'vitest';
import { tables } from './tables.ts';
import { doc, page, run } from '../../test/support/tables/pages.ts';
import type { TextRun } from '../model.ts';

const texts = (d: ReturnType<typeof tables.run>): string[][] => d.pages[0]!.blocks.flatMap((b) =>
  b.kind === 'table' ? [b.rows.map((r) => r.map((c) => c.spans.map((s) => s.text).join('')).join('|'))] : []);

/** A three-column table at x with rows `pitch` points apart, starting at y=100. */
function table(x: number, pitch: number, names: string[]): TextRun[] {
  return names.flatMap((name, i) => [run(name, x, 100 + i * pitch), run(`${i}.5`, x + 80, 100 + i * pitch), run(`-${i}`, x + 130, 100 + i * pitch)]);
}

describe('side-by-side tables without rules', () => {
  it('are two tables when their rows keep baselines of their own', () => {
    const left = table(50, 14, ['Austria', 'Belgium', 'Cyprus', 'Denmark', 'Estonia', 'Finland']);
    const right = table(330, 17, ['Greece', 'Hungary', 'Ireland', 'Italy', 'Latvia']);
    const found = texts(tables.run(doc(page([...left, ...right])), {} as never));
    expect(found).toHaveLength(2);
    expect(found).toContainEqual(['Austria|0.5|-0', 'Belgium|1.5|-1', 'Cyprus|2.5|-2', 'Denmark|3.5|-3', 'Estonia|4.5|-4', 'Finland|5.5|-5']);
  });

  it('are two tables when their rows share baselines, each opening with its stub past the widest gutter (repeated-stub.ts)', () => {
    const names = ['Austria', 'Belgium', 'Cyprus', 'Denmark'];
    const found = texts(tables.run(doc(page([...table(50, 14, names), ...table(330, 14, names)])), {} as never));
    expect(found).toHaveLength(2);
  });

  it('stay one table when their rows share baselines and the gutter between them is no wider than their own (nothing tells them apart)', () => {
    const names = ['Austria', 'Belgium', 'Cyprus', 'Denmark'];
    const found = texts(tables.run(doc(page([...table(50, 14, names), ...table(226, 14, names)])), {} as never));
    expect(found).toHaveLength(1);
  });

  it('a cell that wraps while its neighbours do not keeps one table', () => {
    const runs: TextRun[] = [];
    ['Austria', 'Belgium', 'Cyprus', 'Denmark'].forEach((name, i) => {
      const y = 100 + i * 28;
      runs.push(run(name, 50, y), run(`${i}.5`, 130, y), run('long text that', 200, y), run('wraps', 200, y + 12), run(`${i}1`, 330, y), run(`${i}2`, 380, y));
    });
    const found = texts(tables.run(doc(page(runs)), {} as never));
    expect(found).toHaveLength(1);
    expect(found[0]).toContain('Austria|0.5|long text that wraps|01|02');
  });
});
