/**
 * Draws the cases of a seed to PDF with one producer and writes the truth
 * beside them: `<out>/pdf/<id>.pdf`, `<out>/gt/<id>-str.xml`,
 * `<out>/manifest.tsv` (the scorer's manifest; negatives have set
 * `negative`) and `<out>/cases.json` (style, layout and features per case).
 * The truth comes from the page model, whichever producer drew it.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Case } from './cases.ts';
import { chromiumProducer } from './producer-chromium.ts';
import type { Producer } from './producer.ts';
import { truthXml } from './truth-xml.ts';

export { CHROMIUM } from './producer-chromium.ts';

/** Case metadata for the report, without the HTML. */
export type CaseInfo = { id: string; kind: Case['kind']; group: string; layout?: string; features?: string[] };

function info(c: Case): CaseInfo {
  if (c.kind === 'negative') return { id: c.id, kind: c.kind, group: c.negative };
  const features = [...new Set(c.tables.flatMap((t) => Object.entries(t.features).filter(([, on]) => on).map(([k]) => k)))];
  return { id: c.id, kind: c.kind, group: c.style, layout: c.layout, features };
}

/** Renders the cases the producer can draw; returns their metadata (cases it cannot draw are left out). */
export async function renderCases(all: readonly Case[], out: string, producer: Producer = chromiumProducer): Promise<CaseInfo[]> {
  await mkdir(join(out, 'pdf'), { recursive: true });
  await mkdir(join(out, 'gt'), { recursive: true });
  const cases = all.filter((c) => producer.draws(c));
  await producer.render(cases, out);
  for (const c of cases) if (c.kind === 'table') await writeFile(join(out, 'gt', `${c.id}-str.xml`), truthXml(c.id, c.tables));
  const rows = cases.map((c) => [c.id, c.kind === 'table' ? 'icdar' : 'negative', c.kind === 'table' ? join(out, 'gt', `${c.id}-str.xml`) : ''].join('\t'));
  await writeFile(join(out, 'manifest.tsv'), ['id\tset\tgt', ...rows].join('\n') + '\n');
  const infos = cases.map(info);
  await writeFile(join(out, 'cases.json'), JSON.stringify(infos, null, 1));
  return infos;
}
