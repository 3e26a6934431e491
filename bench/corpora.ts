/**
 * The corpora the bench runs, as data: where a corpus's PDFs and manifest
 * are, which manifest the scorer gets, and how a tool's predictions are
 * judged (dev: score.py and the furniture scan; realworld: score_realworld.py).
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { CorpusName } from './args.ts';
import { countFurniture } from './furniture.ts';
import { writeManifest, type Manifest } from './manifest.ts';
import { runScorer } from './score.ts';
import { runRealworldScorer, withAbsoluteGt } from './score-realworld.ts';
import type { DevQuality, Quality } from './tool-result.ts';
import type { RunContext } from './run-tool.ts';

export type CorpusSpec = {
  name: CorpusName;
  /** Writes the manifest of the rows run (the scorer's input) to `path`. */
  writeScorerManifest(ctx: { corpusDir: string }, path: string, m: Manifest): Promise<void>;
  /** Judges the predictions in `predDir` of the tool `tool`. */
  assess(ctx: RunContext, predDir: string, tool: string): Promise<Quality>;
};

/** The folder of corpus `name` under CORPUS_DIR; its PDFs are in pdf/, its manifest is manifest.tsv. */
export const corpusFolder = (corpusDir: string, name: CorpusName): string => join(corpusDir, name);

async function scanFurniture(ctx: RunContext, predDir: string): Promise<DevQuality['furniture']> {
  let docs = 0, pageNumberDocs = 0, repeatedHeaderDocs = 0;
  for (const row of ctx.rows) {
    const pred = await readFile(join(predDir, `${row.id}.md`), 'utf8').catch(() => '');
    const gt = await readFile(join(ctx.corpusDir, 'dev/gt', `${row.source}.md`), 'utf8').catch(() => '');
    const f = countFurniture(pred, gt, row.pages);
    if (f.pageLines > 0) pageNumberDocs++;
    if (f.repeatedLines > 0) repeatedHeaderDocs++;
    if (f.pageLines > 0 || f.repeatedLines > 0) docs++;
  }
  return { docs, pageNumberDocs, repeatedHeaderDocs };
}

const dev: CorpusSpec = {
  name: 'dev',
  writeScorerManifest: (_ctx, path, m) => writeManifest(path, m),
  async assess(ctx, predDir, tool) {
    const scored = await runScorer({
      python: join(ctx.paths.venvDir, 'bin/python'), corpusDir: ctx.corpusDir, manifest: ctx.manifestPath,
      predDir, jsonOut: join(ctx.outDir, `score-${tool}.json`),
    });
    ctx.log(`[${tool}] dev overall ${scored.ok ? scored.scores.means.overall : scored.reason}`);
    return {
      corpus: 'dev',
      furniture: await scanFurniture(ctx, predDir),
      scores: scored.ok ? { ok: true, value: scored.scores } : { ok: false, reason: scored.reason },
    };
  },
};

const realworld: CorpusSpec = {
  name: 'realworld',
  writeScorerManifest: (ctx, path, m) => writeManifest(path, withAbsoluteGt(m, corpusFolder(ctx.corpusDir, 'realworld'))),
  async assess(ctx, predDir, tool) {
    const scored = await runRealworldScorer({
      python: join(ctx.paths.venvDir, 'bin/python'), corpusDir: ctx.corpusDir, manifest: ctx.manifestPath,
      predDir, tool, jsonOut: join(ctx.outDir, `score-${tool}.json`),
    });
    ctx.log(`[${tool}] realworld ICDAR F1 ${scored.ok ? scored.scores.doc_f1 : scored.reason}`);
    return { corpus: 'realworld', scores: scored.ok ? { ok: true, value: scored.scores } : { ok: false, reason: scored.reason } };
  },
};

export const CORPORA: Record<CorpusName, CorpusSpec> = { dev, realworld };
