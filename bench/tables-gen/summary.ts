/** Aggregates generated-table scores: F1 by style, layout and feature, and negatives left without a table. */
import type { CaseInfo } from './generate.ts';

export type DocF1 = { id: string; f1: number };

/** Number of tables (pipe or HTML) in Markdown. */
export function countTables(md: string): number {
  const html = (md.match(/<table\b/gi) ?? []).length;
  const pipe = (md.match(/^\|.*\|\s*\n\|\s*:?-{3,}/gm) ?? []).length;
  return html + pipe;
}

const mean = (xs: readonly number[]): number => (xs.length ? xs.reduce((s, x) => s + x, 0) / xs.length : NaN);

function groupLines(title: string, keyed: Map<string, number[]>): string[] {
  return [title, ...[...keyed].sort(([a], [b]) => a.localeCompare(b)).map(([k, v]) => `  ${k.padEnd(16)} ${mean(v).toFixed(3)}  (n=${v.length})`)];
}

function push(m: Map<string, number[]>, k: string, v: number): void {
  m.set(k, [...(m.get(k) ?? []), v]);
}

/** The report text; with `perCase`, the worst cases are listed for tuning (dev seed only). */
export function summarise(infos: readonly CaseInfo[], docs: readonly DocF1[], preds: ReadonlyMap<string, string>, o: { perCase: boolean }): string {
  const f1 = new Map(docs.map((d) => [d.id, d.f1]));
  const tables = infos.filter((c) => c.kind === 'table');
  const byStyle = new Map<string, number[]>();
  const byLayout = new Map<string, number[]>();
  const byFeature = new Map<string, number[]>();
  for (const c of tables) {
    const v = f1.get(c.id) ?? 0;
    push(byStyle, c.group, v);
    push(byLayout, c.layout ?? '', v);
    for (const f of c.features ?? []) push(byFeature, f, v);
  }
  const negs = infos.filter((c) => c.kind === 'negative');
  const byNeg = new Map<string, number[]>();
  for (const c of negs) push(byNeg, c.group, countTables(preds.get(c.id) ?? '') === 0 ? 1 : 0);
  const clean = negs.filter((c) => countTables(preds.get(c.id) ?? '') === 0).length;
  const lines = [
    `tables: ${tables.length} cases, ICDAR F1 (case mean) ${mean(tables.map((c) => f1.get(c.id) ?? 0)).toFixed(3)}`,
    ...groupLines('by style', byStyle), ...groupLines('by layout', byLayout), ...groupLines('by feature', byFeature),
    `negatives: ${clean}/${negs.length} tableless (${((100 * clean) / Math.max(1, negs.length)).toFixed(1)}%)`,
    ...groupLines('negatives tableless by kind', byNeg),
  ];
  if (o.perCase) {
    const worst = tables.map((c) => ({ id: c.id, v: f1.get(c.id) ?? 0 })).filter((x) => x.v < 0.97).sort((a, b) => a.v - b.v);
    lines.push(`cases under 0.97: ${worst.length}`, ...worst.slice(0, 40).map((x) => `  ${x.id} ${x.v.toFixed(3)}`));
    lines.push(...negs.filter((c) => countTables(preds.get(c.id) ?? '') > 0).map((c) => `  negative with a table: ${c.id}`));
  }
  return lines.join('\n');
}
