/**
 * The long-manuals benchmark (PDFs fetched by fetch.ts): per file, the CPU
 * seconds per page of p2m's convert() (one process, files one after another,
 * OCR 'auto') and of pdftotext, the pages read by OCR, and which reader read
 * the text; then the whole set through `p2m convert --jobs 2` under GNU time
 * for its CPU, wall time and peak RSS. CPU time, not wall time, is compared:
 * the machine is shared. Prints a Markdown table, slowest files per page first.
 *
 * usage: node bench/long-manuals/run.ts [CACHE_DIR] [--limit N] [--no-batch]
 */
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { convert } from '../../engine/index.ts';
import { execQuiet } from '../exec.ts';
import { kbToMb, parseTimeV, type TimeReport } from '../time-v.ts';
import { defaultCache } from './fetch.ts';

type Row = { file: string; pages: number; p2mSec: number; textSec: number; ocr: number; reader: string; error?: string };

/** Runs a command under GNU time -v; the report, or undefined when time wrote none. */
export async function timed(cmd: string, args: string[]): Promise<TimeReport | undefined> {
  const dir = await mkdtemp(join(tmpdir(), 'p2m-lm-'));
  const report = join(dir, 'time.txt');
  await execQuiet('/usr/bin/time', ['-v', '-o', report, cmd, ...args], 60 * 60_000);
  const text = await readFile(report, 'utf8').catch(() => '');
  await rm(dir, { recursive: true, force: true });
  return parseTimeV(text);
}

async function measure(path: string): Promise<Row> {
  const file = path.split('/').pop()!;
  const text = await timed('pdftotext', ['-q', path, '/dev/null']);
  const data = new Uint8Array(await readFile(path));
  const t0 = process.cpuUsage();
  try {
    const r = await convert(data, { ocr: 'auto' });
    const t = process.cpuUsage(t0);
    const reader = r.textReader.pdfjs === 0 ? 'direct' : r.textReader.direct === 0 ? 'pdfjs' : 'both';
    return { file, pages: r.pages, p2mSec: (t.user + t.system) / 1e6, textSec: text?.cpuSec ?? NaN, ocr: r.ocrPages.length, reader };
  } catch (err) {
    return { file, pages: 0, p2mSec: 0, textSec: text?.cpuSec ?? NaN, ocr: 0, reader: '-', error: err instanceof Error ? err.message : String(err) };
  }
}

const f3 = (x: number) => (Number.isFinite(x) ? x.toFixed(3) : '-');

function table(rows: Row[]): string {
  const sorted = [...rows].sort((a, b) => b.p2mSec / Math.max(1, b.pages) - a.p2mSec / Math.max(1, a.pages));
  const lines = ['| file | pages | p2m s/page | pdftotext s/page | OCR pages | reader |', '|---|---:|---:|---:|---:|---|'];
  for (const r of sorted) {
    const p = Math.max(1, r.pages);
    lines.push(`| ${r.file} | ${r.pages} | ${f3(r.p2mSec / p)} | ${f3(r.textSec / p)} | ${r.ocr} | ${r.error ? `error: ${r.error.slice(0, 60)}` : r.reader} |`);
  }
  const pages = rows.reduce((a, r) => a + r.pages, 0);
  const p2m = rows.reduce((a, r) => a + r.p2mSec, 0);
  const text = rows.reduce((a, r) => a + (Number.isFinite(r.textSec) ? r.textSec : 0), 0);
  lines.push('', `${rows.length} files, ${pages} pages: p2m ${(pages / p2m).toFixed(1)} pages per CPU-s, pdftotext ${(pages / text).toFixed(1)}` +
    ` (${(text / p2m).toFixed(2)}×); files above 0.1 s/page: ${rows.filter((r) => r.p2mSec / Math.max(1, r.pages) > 0.1).length}`);
  return lines.join('\n');
}

/** The whole set through the CLI with two lanes: CPU, wall and peak RSS of the batch. */
async function batch(pdfDir: string): Promise<string> {
  const out = await mkdtemp(join(tmpdir(), 'p2m-lm-out-'));
  const started = Date.now();
  const t = await timed(process.execPath, [join(import.meta.dirname, '../../cli/p2m.ts'), 'convert', pdfDir, '-o', out, '--jobs', '2']);
  const wall = (Date.now() - started) / 1000;
  await rm(out, { recursive: true, force: true });
  return t ? `p2m convert --jobs 2: CPU ${t.cpuSec.toFixed(1)} s, wall ${wall.toFixed(1)} s, peak RSS ${kbToMb(t.maxRssKb)} MB` : 'p2m convert --jobs 2: no report';
}

if (import.meta.main) {
  const argv = process.argv.slice(2);
  const limitAt = argv.indexOf('--limit');
  const limit = limitAt >= 0 ? Number(argv[limitAt + 1]) : Infinity;
  const cache = argv.find((a, i) => !a.startsWith('--') && argv[i - 1] !== '--limit') ?? defaultCache();
  const pdfDir = join(cache, 'pdf');
  const files = (await readdir(pdfDir)).filter((f) => f.endsWith('.pdf')).sort().slice(0, limit);
  const rows: Row[] = [];
  for (const f of files) {
    rows.push(await measure(join(pdfDir, f)));
    const r = rows.at(-1)!;
    console.error(`${r.file}: ${r.pages} pages, ${f3(r.p2mSec / Math.max(1, r.pages))} s/page${r.error ? ` (${r.error})` : ''}`);
  }
  console.log(table(rows));
  if (!argv.includes('--no-batch')) console.log(await batch(pdfDir));
}
