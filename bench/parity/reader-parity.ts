/**
 * The direct text reader against pdf.js on a folder of PDFs: converts each
 * PDF twice in this process (textReader 'auto' and 'pdfjs'), and reports how
 * many documents the direct reader read in full, why it gave up on the rest,
 * which Markdown differs, and the CPU time of each reader.
 *
 * usage: node bench/parity/reader-parity.ts [PDF_DIR] [--diff OUT_DIR]
 *   PDF_DIR defaults to the corpus's dev/pdf (P2M_CORPUS_DIR, else ../shared/corpus); with --diff, differing
 *   documents are written to OUT_DIR as <id>.direct.md and <id>.pdfjs.md.
 */
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { convert, type ConvertResult, type TextReaderChoice } from '../../engine/index.ts';
import { corpusRoot } from '../corpus-root.ts';

type Row = { id: string; pages: number; direct: number; fallback?: string; same: boolean; ms: Record<TextReaderChoice, number> };

async function timed(data: Uint8Array, textReader: TextReaderChoice): Promise<{ result: ConvertResult | null; ms: number }> {
  const t0 = process.cpuUsage();
  const result = await convert(data, { textReader }).catch(() => null);
  const t = process.cpuUsage(t0);
  return { result, ms: (t.user + t.system) / 1000 };
}

function summary(rows: Row[]): string {
  const full = rows.filter((r) => r.direct === r.pages);
  const reasons = new Map<string, number>();
  for (const r of rows) if (r.fallback) {
    const key = r.fallback.replace(/^page \d+: /, '').replace(/\d+/g, 'N');
    reasons.set(key, (reasons.get(key) ?? 0) + 1);
  }
  const cpu = (k: TextReaderChoice) => rows.reduce((s, r) => s + r.ms[k], 0) / 1000;
  const pages = rows.reduce((s, r) => s + r.pages, 0);
  const directPages = rows.reduce((s, r) => s + r.direct, 0);
  return [
    `documents: ${rows.length}, read in full by the direct reader: ${full.length}; pages direct: ${directPages}/${pages}`,
    `identical Markdown: ${rows.filter((r) => r.same).length}/${rows.length}`,
    `CPU s: auto ${cpu('auto').toFixed(1)}, pdfjs ${cpu('pdfjs').toFixed(1)}`,
    'fallback reasons:',
    ...[...reasons].sort((a, b) => b[1] - a[1]).map(([k, n]) => `  ${n}\t${k}`),
    'different:',
    ...rows.filter((r) => !r.same).map((r) => `  ${r.id}`),
  ].join('\n');
}

async function main(argv: string[]): Promise<void> {
  const diffAt = argv.indexOf('--diff');
  const diffDir = diffAt >= 0 ? argv[diffAt + 1] : undefined;
  const dir = argv.find((a, i) => !a.startsWith('--') && (diffAt < 0 || i !== diffAt + 1)) ?? join(corpusRoot(), 'dev/pdf');
  if (diffDir) mkdirSync(diffDir, { recursive: true });
  const rows: Row[] = [];
  for (const file of readdirSync(dir).filter((f) => f.endsWith('.pdf')).sort()) {
    const id = basename(file, '.pdf');
    const data = new Uint8Array(readFileSync(join(dir, file)));
    const auto = await timed(data, 'auto');
    const pdfjs = await timed(data, 'pdfjs');
    const same = auto.result?.markdown === pdfjs.result?.markdown;
    const stats = auto.result?.textReader;
    rows.push({ id, pages: pdfjs.result?.pagesDone ?? 0, direct: stats?.direct ?? 0, fallback: stats?.fallback, same, ms: { auto: auto.ms, pdfjs: pdfjs.ms } });
    if (!same && diffDir) {
      writeFileSync(join(diffDir, `${id}.direct.md`), auto.result?.markdown ?? '');
      writeFileSync(join(diffDir, `${id}.pdfjs.md`), pdfjs.result?.markdown ?? '');
    }
  }
  process.stdout.write(summary(rows) + '\n');
}

if (import.meta.main) await main(process.argv.slice(2));
