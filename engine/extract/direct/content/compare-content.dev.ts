/**
 * Dev check, not shipped: runs the content interpreter over a folder of PDFs
 * and compares, page by page, its rules with extractRules (pdf.js's operator
 * list) and its marked-content items with pdf.js getTextContent. Fonts are a
 * stand-in (one glyph per byte), so text items themselves are not compared.
 * Usage: npx tsx engine/extract/direct/content/compare-content.dev.ts <dir> [maxPagesPerDoc]
 */
import fs from 'node:fs';
import path from 'node:path';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { documentParams } from '../../pdfjs.ts';
import { extractRules } from '../../../tables/extract-rules.ts';
import { PdfObjects } from '../../pdf-objects/pdf-objects.ts';
import { DirectObjects } from '../object-source.ts';
import { pageContent, pageDict, pageResources } from '../page-source.ts';
import { Unsupported, type FontDecoder, type Matrix } from '../types.ts';
import { interpretPage } from './interpret-page.ts';
import type { Rule } from '../../../model.ts';

const fake: FontDecoder = {
  id: 'f', name: 'F', bold: false, italic: false, monospace: false, fallbackName: 'serif', ascent: 0.8, descent: -0.2,
  fontMatrix: [0.001, 0, 0, 0.001, 0, 0],
  glyphs: (b) => [...b].map((c) => ({ unicode: c, width: 500, isSpace: c === ' ' })),
};

const key = (r: Rule) => `${r.orientation}${[r.box.x0, r.box.y0, r.box.x1, r.box.y1].map((v) => v.toFixed(3)).join(',')}`;

type Tally = Record<string, number>;
const bump = (t: Tally, k: string) => { t[k] = (t[k] ?? 0) + 1; };

async function comparePage(objects: DirectObjects, page: Awaited<ReturnType<Awaited<ReturnType<typeof getDocument>['promise']>['getPage']>>, t: Tally, reasons: Tally): Promise<string | null> {
  const vp = page.getViewport({ scale: 1 });
  let direct;
  try {
    const dict = pageDict(objects, page.ref!);
    direct = interpretPage({
      content: pageContent(objects, dict), resources: pageResources(objects, dict), objects,
      fonts: () => fake, viewBox: page.view, base: vp.transform as Matrix,
    });
  } catch (e) {
    if (!(e instanceof Unsupported)) throw e;
    bump(t, 'unsupported');
    bump(reasons, e.message.replace(/\d+/g, 'N').slice(0, 60));
    return null;
  }
  const want = (await extractRules(page, vp.height)).map(key).sort();
  const got = direct.rules.map(key).sort();
  const rulesSame = want.join('|') === got.join('|');
  bump(t, rulesSame ? 'rulesSame' : 'rulesDiff');
  if (want.length) bump(t, rulesSame ? 'rulesSameNonEmpty' : 'rulesDiffNonEmpty');
  const tc = await page.getTextContent({ includeMarkedContent: true });
  const marks = (items: object[]) => items.filter((i) => 'type' in i)
    .map((i) => { const m = i as { type: string; tag?: string | null; id?: string | null }; return `${m.type} ${m.tag} ${m.id?.replace(/^p\d+R_/, '')}`; }).join('|');
  const marksSame = marks(tc.items as object[]) === marks(direct.content.items);
  bump(t, marksSame ? 'marksSame' : 'marksDiff');
  const nText = (items: unknown[]) => items.filter((i) => typeof i === 'object' && i !== null && 'str' in i).length;
  bump(t, nText(tc.items) > 0 === nText(direct.content.items) > 0 ? 'hasTextSame' : 'hasTextDiff');
  return rulesSame && marksSame ? null : `rules ${want.length}/${got.length} marks ${marksSame}`;
}

async function main(): Promise<void> {
  const dir = process.argv[2] ?? '/work/shared/corpus/dev/pdf';
  const maxPages = Number(process.argv[3] ?? 20);
  const t: Tally = {};
  const reasons: Tally = {};
  for (const file of fs.readdirSync(dir).filter((f) => f.endsWith('.pdf')).sort()) {
    const bytes = new Uint8Array(fs.readFileSync(path.join(dir, file)));
    let objects: DirectObjects;
    try {
      objects = new DirectObjects(PdfObjects.open(bytes));
    } catch {
      bump(t, 'docUnreadable');
      continue;
    }
    const task = getDocument({ ...documentParams(bytes), verbosity: 0 });
    try {
      const doc = await task.promise;
      for (let n = 1; n <= Math.min(doc.numPages, maxPages); n++) {
        const diff = await comparePage(objects, await doc.getPage(n), t, reasons);
        if (diff) console.log(`${file} p${n}: ${diff}`);
      }
    } catch (e) {
      console.log(`${file}: ${String(e).slice(0, 100)}`);
    } finally {
      await task.destroy();
    }
  }
  console.log(t);
  console.log(Object.entries(reasons).sort((a, b) => b[1] - a[1]).slice(0, 25));
}

void main();
