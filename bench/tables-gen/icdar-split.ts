/**
 * The real-world ICDAR dev half split by source: `eu-` and `us-` documents
 * come from different publishers, so a change tuned on one side is checked
 * on the other. Converts the ICDAR PDFs with p2m, scores them with the
 * corpus's score_realworld.py and prints the document-mean F1 per side.
 *
 *   node bench/tables-gen/icdar-split.ts [--corpus DIR (default: P2M_CORPUS_DIR, else ../shared/corpus)] [--out bench/out/icdar-split]
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { execQuiet, lastLines } from '../exec.ts';
import { loadManifest, writeManifest } from '../manifest.ts';
import { withAbsoluteGt } from '../score-realworld.ts';
import { corpusRoot } from '../corpus-root.ts';

type DocScore = { id: string; f1: number; precision: number; recall: number; tables: { found: boolean }[] };

const arg = (name: string, fallback: string): string => {
  const i = process.argv.indexOf(name);
  return i >= 0 && process.argv[i + 1] ? process.argv[i + 1]! : fallback;
};

/** Mean F1, P, R and found rate of the documents on one side. */
export function sideSummary(docs: readonly DocScore[]): { n: number; f1: number; p: number; r: number; found: number } {
  const mean = (xs: number[]): number => (xs.length ? xs.reduce((s, x) => s + x, 0) / xs.length : 0);
  const tabs = docs.flatMap((d) => d.tables);
  return {
    n: docs.length, f1: mean(docs.map((d) => d.f1)), p: mean(docs.map((d) => d.precision)), r: mean(docs.map((d) => d.recall)),
    found: tabs.length ? tabs.filter((t) => t.found).length / tabs.length : 0,
  };
}

async function main(): Promise<void> {
  const corpus = resolve(arg('--corpus', corpusRoot()));
  const out = resolve(arg('--out', 'bench/out/icdar-split'));
  const python = resolve(arg('--python', 'bench/.venv/bin/python'));
  const rw = join(corpus, 'realworld');
  const m = await loadManifest(join(rw, 'manifest.tsv'));
  const icdar = { header: m.header, rows: m.rows.filter((r) => r.raw.split('\t')[3] === 'icdar') };
  await mkdir(join(out, 'pred'), { recursive: true });
  const pdfs = icdar.rows.map((r) => join(rw, 'pdf', `${r.id}.pdf`));
  const conv = await execQuiet(process.execPath, ['cli/p2m.ts', 'convert', ...pdfs, '-o', join(out, 'pred'), '--jobs', '2']);
  if (conv.code !== 0) console.error(`convert exited ${conv.code}: ${lastLines(conv.stderr)}`);
  await writeManifest(join(out, 'manifest.tsv'), withAbsoluteGt(icdar, rw));
  const json = join(out, 'score.json');
  const s = await execQuiet(python, [join(rw, 'score_realworld.py'), '--pred', join(out, 'pred'), '--tool', 'p2m',
    '--manifest', join(out, 'manifest.tsv'), '--json', json, '--quiet']);
  if (s.code !== 0) throw new Error(`scorer exited ${s.code}: ${lastLines(s.stderr)}`);
  const docs = (JSON.parse(await readFile(json, 'utf8')) as { icdar: DocScore[] }).icdar;
  const lines = ['side\tdocs\tF1\tP\tR\tfound'];
  for (const side of ['eu', 'us', 'all']) {
    const sel = docs.filter((d) => side === 'all' || d.id.startsWith(`icdar__${side}-`));
    const v = sideSummary(sel);
    lines.push([side, v.n, v.f1.toFixed(3), v.p.toFixed(3), v.r.toFixed(3), v.found.toFixed(3)].join('\t'));
  }
  const perDoc = docs.map((d) => `${d.id}\t${d.f1.toFixed(3)}\t${d.precision.toFixed(3)}\t${d.recall.toFixed(3)}`);
  await writeFile(join(out, 'per-doc.tsv'), perDoc.join('\n') + '\n');
  console.log(lines.join('\n'));
}

await main();
