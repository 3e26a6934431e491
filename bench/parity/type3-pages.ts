/**
 * Type 3 fonts, direct reader against pdf.js: finds the pages whose resources
 * (the page's, its forms', its patterns') name a Type 3 font, then for each
 * such page compares the direct reader's text items with pdf.js's
 * (compare-page.ts) and converts the page alone with textReader 'auto' and
 * 'pdfjs', comparing the Markdown and noting which reader read it.
 *
 * usage: node bench/parity/type3-pages.ts DIR_OR_PDF... [--diff OUT_DIR]
 *   default: the corpus's dev/pdf, realworld/pdf and hostile (P2M_CORPUS_DIR, else ../shared/corpus)
 *   and ~/.cache/p2m-long-manuals/pdf when present (node bench/long-manuals/fetch.ts). With --diff, differing pages are written to OUT_DIR.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { basename, join } from 'node:path';
import { convert } from '../../engine/index.ts';
import { DirectDocument } from '../../engine/extract/direct/direct-document.ts';
import { DirectObjects } from '../../engine/extract/direct/object-source.ts';
import { pageDict, pageResources } from '../../engine/extract/direct/page-source.ts';
import { documentParams, loadPdfjs } from '../../engine/extract/pdfjs.ts';
import { isDict, isName, type PdfDict, type PdfValue } from '../../engine/extract/pdf-objects/values.ts';
import { corpusRoot } from '../corpus-root.ts';
import { comparePage } from './compare-page.ts';
import { FontIdMap } from './item-diff.ts';

type PageRow = { file: string; page: number; reader: string; items: string; markdown: 'same' | 'different' | 'failed'; fallback?: string };

/** True if `res` (or a form, pattern or Type 3 font under it) names a Type 3 font. */
function hasType3(objects: DirectObjects, res: PdfValue | undefined, seen: Set<PdfValue>, depth = 0): boolean {
  const r = objects.resolve(res);
  if (!isDict(r) || seen.has(r) || depth > 8) return false;
  seen.add(r);
  const fonts = objects.lookup(r, 'Font');
  if (isDict(fonts)) {
    for (const f of fonts.map.values()) {
      const d = objects.resolve(f);
      if (isDict(d) && isName(objects.lookup(d, 'Subtype')) && (objects.lookup(d, 'Subtype') as { name: string }).name === 'Type3') return true;
    }
  }
  for (const key of ['XObject', 'Pattern']) {
    const group = objects.lookup(r, key);
    if (!isDict(group)) continue;
    for (const x of group.map.values()) {
      const d = objects.resolve(x);
      if (isDict(d) && hasType3(objects, d.map.get('Resources'), seen, depth + 1)) return true;
    }
  }
  return false;
}

/** 1-based numbers of the pages that name a Type 3 font. */
export function type3Pages(bytes: Uint8Array): number[] {
  let doc: DirectDocument;
  try {
    doc = DirectDocument.open(bytes);
  } catch {
    return [];
  }
  const objects = new DirectObjects(doc.index);
  const out: number[] = [];
  let refs;
  try {
    refs = doc.pages;
  } catch {
    return [];
  }
  refs.forEach((ref, i) => {
    try {
      const dict: PdfDict = pageDict(objects, ref);
      if (hasType3(objects, pageResources(objects, dict), new Set())) out.push(i + 1);
    } catch {
      // An unreadable page is not counted.
    }
  });
  return out;
}

async function markdownOf(bytes: Uint8Array, page: number, textReader: 'auto' | 'pdfjs') {
  return convert(bytes, { textReader, pages: { from: page, to: page } }).catch(() => null);
}

async function comparePages(file: string, pages: number[], diffDir: string | undefined): Promise<PageRow[]> {
  const bytes = new Uint8Array(readFileSync(file));
  const rows: PageRow[] = [];
  const pdfjs = await loadPdfjs();
  const task = pdfjs.getDocument(documentParams(bytes.slice()));
  const direct = DirectDocument.open(bytes);
  const fonts = new FontIdMap();
  try {
    const doc = await task.promise;
    for (const n of pages) {
      const page = await doc.getPage(n);
      const v = await comparePage(direct, page, fonts);
      page.cleanup();
      const auto = await markdownOf(bytes, n, 'auto');
      const pj = await markdownOf(bytes, n, 'pdfjs');
      const same = auto && pj ? (auto.markdown === pj.markdown ? 'same' : 'different') : 'failed';
      const reader = auto ? (auto.textReader.direct > 0 ? 'direct' : 'pdfjs') : 'failed';
      const items = v.kind === 'same' ? 'same' : `${v.kind}: ${'what' in v ? v.what : v.reason}`.slice(0, 200);
      rows.push({ file: basename(file), page: n, reader, items, markdown: same, fallback: auto?.textReader.fallback });
      if (same === 'different' && diffDir) {
        const id = `${basename(file, '.pdf')}.p${n}`;
        writeFileSync(join(diffDir, `${id}.direct.md`), auto!.markdown);
        writeFileSync(join(diffDir, `${id}.pdfjs.md`), pj!.markdown);
      }
    }
  } finally {
    await task.destroy();
  }
  return rows;
}

function pdfFiles(target: string): string[] {
  if (!existsSync(target)) return [];
  if (statSync(target).isFile()) return [target];
  return readdirSync(target).filter((f) => f.endsWith('.pdf')).sort().map((f) => join(target, f));
}

async function main(argv: string[]): Promise<void> {
  const diffAt = argv.indexOf('--diff');
  const diffDir = diffAt >= 0 ? argv[diffAt + 1] : undefined;
  if (diffDir) mkdirSync(diffDir, { recursive: true });
  const named = argv.filter((a, i) => !a.startsWith('--') && (diffAt < 0 || i !== diffAt + 1));
  const root = corpusRoot();
  const targets = named.length ? named
    : [join(root, 'dev/pdf'), join(root, 'realworld/pdf'), join(root, 'hostile'), join(homedir(), '.cache/p2m-long-manuals/pdf')];
  let files = 0, withType3 = 0;
  const rows: PageRow[] = [];
  for (const file of targets.flatMap(pdfFiles)) {
    files++;
    const pages = type3Pages(new Uint8Array(readFileSync(file)));
    if (pages.length === 0) continue;
    withType3++;
    const got = await comparePages(file, pages, diffDir);
    for (const r of got) {
      process.stdout.write(`${r.file}\tp${r.page}\t${r.reader}\tmarkdown ${r.markdown}\titems ${r.items}${r.reader === 'pdfjs' ? `\t(${r.fallback})` : ''}\n`);
    }
    rows.push(...got);
  }
  const count = (f: (r: PageRow) => boolean) => rows.filter(f).length;
  process.stdout.write([
    `files: ${files}; with Type 3 fonts: ${withType3}; pages with Type 3 fonts: ${rows.length}`,
    `read by the direct reader: ${count((r) => r.reader === 'direct')}; items identical to pdf.js: ${count((r) => r.items === 'same')}`,
    `Markdown identical: ${count((r) => r.markdown === 'same')}; different: ${count((r) => r.markdown === 'different')}; failed: ${count((r) => r.markdown === 'failed')}`,
  ].join('\n') + '\n');
}

if (import.meta.main) await main(process.argv.slice(2));
