/**
 * Scores a prediction folder on the real-world corpus with the corpus's own
 * score_realworld.py (ICDAR 2013 table measure) and parses the summary of its
 * --json output, strictly on the fields the results table uses.
 */
import { readFile } from 'node:fs/promises';
import { isAbsolute, join } from 'node:path';
import { z } from 'zod';
import { execQuiet, lastLines } from './exec.ts';
import type { Manifest } from './manifest.ts';

const metric = z.number().nullable();
const Icdar = z.object({
  documents: z.number(),
  gt_tables: z.number(),
  pred_tables: z.number(),
  doc_precision: metric,
  doc_recall: metric,
  doc_f1: metric,
  micro_precision: metric,
  micro_recall: metric,
  micro_f1: metric,
  found_rate: metric,
  teds_mean: metric,
  docs_without_pred_table: z.number(),
});
const RealworldJson = z.object({ summary: z.object({ icdar: Icdar }) });

export type RealworldScores = z.infer<typeof Icdar>;

/** Parses score_realworld.py --json text into its ICDAR summary. */
export function parseRealworldJson(text: string): RealworldScores {
  return RealworldJson.parse(JSON.parse(text)).summary.icdar;
}

/**
 * The manifest with its `gt` column (paths relative to the corpus's realworld
 * folder, several joined by ";") made absolute: the scorer resolves them
 * against the folder of the manifest it is given, and the bench gives it a
 * manifest of just the rows it ran, written elsewhere.
 */
export function withAbsoluteGt(m: Manifest, baseDir: string): Manifest {
  const at = m.header.split('\t').indexOf('gt');
  if (at < 0) throw new Error('realworld manifest has no "gt" column');
  const rows = m.rows.map((r) => {
    const f = r.raw.split('\t');
    const gt = f[at] ?? '';
    f[at] = gt === '' ? '' : gt.split(';').map((p) => (isAbsolute(p) ? p : join(baseDir, p))).join(';');
    return { ...r, raw: f.join('\t') };
  });
  return { header: m.header, rows };
}

export type RealworldInputs = { python: string; corpusDir: string; manifest: string; predDir: string; tool: string; jsonOut: string };

/** Runs score_realworld.py; resolves to the ICDAR summary or a reason it failed. */
export async function runRealworldScorer(i: RealworldInputs): Promise<{ ok: true; scores: RealworldScores } | { ok: false; reason: string }> {
  const r = await execQuiet(i.python, [
    join(i.corpusDir, 'realworld/score_realworld.py'), '--pred', i.predDir, '--tool', i.tool,
    '--manifest', i.manifest, '--json', i.jsonOut, '--quiet',
  ]);
  if (r.code !== 0) return { ok: false, reason: `score_realworld.py exited ${r.code}: ${lastLines(r.stderr)}` };
  try {
    return { ok: true, scores: parseRealworldJson(await readFile(i.jsonOut, 'utf8')) };
  } catch (e) {
    return { ok: false, reason: `unreadable score JSON: ${e instanceof Error ? e.message.slice(0, 200) : String(e)}` };
  }
}
