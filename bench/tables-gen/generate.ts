/**
 * Renders the cases of a seed to PDF with headless Chromium and writes the
 * truth beside them: `<out>/pdf/<id>.pdf`, `<out>/gt/<id>-str.xml`,
 * `<out>/manifest.tsv` (the scorer's manifest; negatives have set
 * `negative`) and `<out>/cases.json` (style, layout and features per case).
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import type { Case } from './cases.ts';
import { truthXml } from './truth-xml.ts';

export const CHROMIUM = process.env.P2M_CHROMIUM ?? '/usr/bin/chromium';

/** Case metadata for the report, without the HTML. */
export type CaseInfo = { id: string; kind: Case['kind']; group: string; layout?: string; features?: string[] };

function info(c: Case): CaseInfo {
  if (c.kind === 'negative') return { id: c.id, kind: c.kind, group: c.negative };
  const features = [...new Set(c.tables.flatMap((t) => Object.entries(t.features).filter(([, on]) => on).map(([k]) => k)))];
  return { id: c.id, kind: c.kind, group: c.style, layout: c.layout, features };
}

export async function renderCases(cases: readonly Case[], out: string): Promise<CaseInfo[]> {
  await mkdir(join(out, 'pdf'), { recursive: true });
  await mkdir(join(out, 'gt'), { recursive: true });
  const browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: ['--no-sandbox'] });
  try {
    const page = await browser.newPage();
    for (const c of cases) {
      await page.setContent(c.html, { waitUntil: 'load' });
      await writeFile(join(out, 'pdf', `${c.id}.pdf`), await page.pdf({ format: 'A4', preferCSSPageSize: true, printBackground: true }));
      if (c.kind === 'table') await writeFile(join(out, 'gt', `${c.id}-str.xml`), truthXml(c.id, c.tables));
    }
  } finally {
    await browser.close();
  }
  const rows = cases.map((c) => [c.id, c.kind === 'table' ? 'icdar' : 'negative', c.kind === 'table' ? join(out, 'gt', `${c.id}-str.xml`) : ''].join('\t'));
  await writeFile(join(out, 'manifest.tsv'), ['id\tset\tgt', ...rows].join('\n') + '\n');
  const infos = cases.map(info);
  await writeFile(join(out, 'cases.json'), JSON.stringify(infos, null, 1));
  return infos;
}
