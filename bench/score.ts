/**
 * Scores a prediction folder with the corpus's own scorer (score.py) and
 * parses its --json output. The parse is strict on the fields the results
 * table uses, so a scorer change shows up as an error, not as blank cells.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { z } from 'zod';
import { execQuiet, lastLines } from './exec.ts';

const metric = z.number().nullable().optional();
const Means = z.object({ overall: metric, nid: metric, teds: metric, mhs: metric, documents: z.number().optional() });
const DocScore = z.object({ id: z.string(), producer: z.string(), overall: metric, nid: metric, teds: metric, mhs: metric });
const ScoreJson = z.object({
  means: Means,
  by_producer: z.record(z.string(), Means),
  missing_predictions: z.number().optional(),
  documents: z.array(DocScore),
});

export type Means = z.infer<typeof Means>;
export type Scores = z.infer<typeof ScoreJson>;

/** Parses score.py --json text. */
export function parseScoreJson(text: string): Scores {
  return ScoreJson.parse(JSON.parse(text));
}

export type ScoreInputs = { python: string; corpusDir: string; manifest: string; predDir: string; jsonOut: string };

/** Runs score.py (2 jobs); resolves to the parsed scores or a reason it failed. */
export async function runScorer(i: ScoreInputs): Promise<{ ok: true; scores: Scores } | { ok: false; reason: string }> {
  const r = await execQuiet(i.python, [
    join(i.corpusDir, 'score.py'), '--gt-dir', join(i.corpusDir, 'dev/gt'), '--pred-dir', i.predDir,
    '--manifest', i.manifest, '--json', i.jsonOut, '--jobs', '2', '--quiet',
  ]);
  if (r.code !== 0) return { ok: false, reason: `score.py exited ${r.code}: ${lastLines(r.stderr)}` };
  try {
    return { ok: true, scores: parseScoreJson(await readFile(i.jsonOut, 'utf8')) };
  } catch (e) {
    return { ok: false, reason: `unreadable score JSON: ${e instanceof Error ? e.message.slice(0, 200) : String(e)}` };
  }
}
