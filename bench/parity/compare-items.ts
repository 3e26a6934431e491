/**
 * The direct text reader against pdf.js, page by page, on a folder of PDFs:
 * text items, styles and marked content (item-diff.ts), rules and structure
 * roles (compare-page.ts). A page the direct reader refuses is not a
 * mismatch (the engine reads it with pdf.js); a page it reads differently is.
 * Finer than reader-parity.ts, which compares whole-document Markdown.
 *
 * usage: node bench/parity/compare-items.ts [PDF_DIR] [--max-pages N]
 *   PDF_DIR defaults to the corpus's dev/pdf (P2M_CORPUS_DIR, else ../shared/corpus).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { DirectDocument } from '../../engine/extract/direct/direct-document.ts';
import { documentParams, loadPdfjs } from '../../engine/extract/pdfjs.ts';
import { comparePage } from './compare-page.ts';
import { FontIdMap } from './item-diff.ts';
import { corpusRoot } from '../corpus-root.ts';

type DocRow = {
  id: string; pages: number; compared: number; identical: number;
  firstDiff?: string; unsupported: number; errors: number; openRefused?: string; pdfjsFailed?: string;
};
type Tally = Map<string, number>;

const bump = (t: Tally, k: string) => t.set(k, (t.get(k) ?? 0) + 1);
/** Reasons with their numbers blanked, so one kind of refusal is counted once. */
const reasonKey = (r: string) => r.replace(/\d+/g, 'N').slice(0, 100);
const message = (e: unknown) => (e instanceof Error ? `${e.name}: ${e.message}` : String(e)).slice(0, 160);

/** Compares every page of one PDF (up to `maxPages`); `reasons` collects refusals and faults. */
async function compareDocument(file: string, maxPages: number, reasons: Tally): Promise<DocRow> {
  const bytes = new Uint8Array(readFileSync(file));
  const row: DocRow = { id: basename(file, '.pdf'), pages: 0, compared: 0, identical: 0, unsupported: 0, errors: 0 };
  let direct: DirectDocument;
  try {
    direct = DirectDocument.open(bytes);
  } catch (e) {
    row.openRefused = message(e);
    bump(reasons, `open: ${reasonKey(row.openRefused)}`);
    return row;
  }
  const pdfjs = await loadPdfjs();
  const task = pdfjs.getDocument(documentParams(bytes));
  const fonts = new FontIdMap();
  try {
    const doc = await task.promise;
    row.pages = Math.min(doc.numPages, maxPages);
    for (let n = 1; n <= row.pages; n++) {
      const page = await doc.getPage(n);
      const v = await comparePage(direct, page, fonts);
      page.cleanup();
      if (v.kind === 'unsupported' || v.kind === 'error') {
        row[v.kind === 'error' ? 'errors' : 'unsupported']++;
        bump(reasons, `${v.kind === 'error' ? 'FAULT ' : ''}${reasonKey(v.reason)}`);
        continue;
      }
      row.compared++;
      if (v.kind === 'same') row.identical++;
      else row.firstDiff ??= `p${n} ${v.what}`;
    }
  } catch (e) {
    row.pdfjsFailed = message(e);
  } finally {
    await task.destroy();
  }
  return row;
}

function docLine(r: DocRow): string {
  if (r.openRefused) return `${r.id}\trefused at open: ${r.openRefused}`;
  const parts = [`${r.id}\tpages ${r.pages}\tcompared ${r.compared}\tidentical ${r.identical}`];
  if (r.unsupported) parts.push(`unsupported ${r.unsupported}`);
  if (r.errors) parts.push(`FAULTS ${r.errors}`);
  if (r.firstDiff) parts.push(`FIRST DIFFERENCE ${r.firstDiff}`);
  if (r.pdfjsFailed) parts.push(`pdf.js failed: ${r.pdfjsFailed}`);
  return parts.join('\t');
}

function summary(rows: DocRow[], reasons: Tally): string {
  const sum = (k: 'pages' | 'compared' | 'identical' | 'unsupported' | 'errors') => rows.reduce((s, r) => s + r[k], 0);
  const fullDocs = rows.filter((r) => !r.openRefused && r.pages > 0 && r.identical === r.pages).length;
  return [
    `documents: ${rows.length}; refused at open: ${rows.filter((r) => r.openRefused).length}; every page read and identical: ${fullDocs}`,
    `pages: ${sum('pages')}; compared (read directly): ${sum('compared')}; identical: ${sum('identical')}; ` +
      `different: ${sum('compared') - sum('identical')}; unsupported: ${sum('unsupported')}; faults: ${sum('errors')}`,
    `documents with a difference: ${rows.filter((r) => r.firstDiff).length}; pdf.js failed: ${rows.filter((r) => r.pdfjsFailed).length}`,
    'refusals (pages, or documents at open):',
    ...[...reasons].sort((a, b) => b[1] - a[1]).map(([k, n]) => `  ${n}\t${k}`),
  ].join('\n');
}

async function main(argv: string[]): Promise<void> {
  const maxAt = argv.indexOf('--max-pages');
  const maxPages = maxAt >= 0 ? Number(argv[maxAt + 1]) : Infinity;
  const dir = argv.find((a, i) => !a.startsWith('--') && (maxAt < 0 || i !== maxAt + 1)) ?? join(corpusRoot(), 'dev/pdf');
  const reasons: Tally = new Map();
  const rows: DocRow[] = [];
  for (const file of readdirSync(dir).filter((f) => f.endsWith('.pdf')).sort()) {
    const row = await compareDocument(join(dir, file), maxPages, reasons);
    rows.push(row);
    process.stdout.write(docLine(row) + '\n');
  }
  process.stdout.write(summary(rows, reasons) + '\n');
}

if (import.meta.main) await main(process.argv.slice(2));
