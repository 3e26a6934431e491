/**
 * One tool, end to end: prepare (install or find), convert every PDF while
 * timing it, then let the corpus judge the predictions (score, scan). Anything that goes wrong is
 * recorded in the ToolResult so the table always has a row for the tool.
 */
import { mkdir, rm } from 'node:fs/promises';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { runBatch, type Job } from './batch-runner.ts';
import { corpusFolder, type CorpusSpec } from './corpora.ts';
import { totalPages, type ManifestRow } from './manifest.ts';
import type { Failure, Measured, ToolResult } from './tool-result.ts';
import type { Paths, ToolSpec } from './tools.ts';

export type RunContext = {
  paths: Paths;
  /** CORPUS_DIR, the parent of dev/ and realworld/. */
  corpusDir: string;
  corpus: CorpusSpec;
  rows: readonly ManifestRow[];
  /** Manifest of exactly `rows`, for the scorer. */
  manifestPath: string;
  /** This corpus's output folder: pred/<tool>/, score-<tool>.json. */
  outDir: string;
  timeoutSec: number;
  log(msg: string): void;
};

export async function runTool(tool: ToolSpec, ctx: RunContext): Promise<ToolResult> {
  ctx.log(`[${tool.name}] preparing`);
  const prepared = await tool.prepare(ctx.paths);
  if (!prepared.ok) {
    ctx.log(`[${tool.name}] not available: ${prepared.reason}`);
    return { name: tool.name, kind: tool.kind, outcome: { status: 'unavailable', reason: prepared.reason } };
  }
  const predDir = join(ctx.outDir, 'pred', tool.name);
  await rm(predDir, { recursive: true, force: true });
  await mkdir(predDir, { recursive: true });
  const jobs: Job[] = ctx.rows.map((r) => ({ id: r.id, pdf: join(corpusFolder(ctx.corpusDir, ctx.corpus.name), 'pdf', `${r.id}.pdf`), pages: r.pages }));
  ctx.log(`[${tool.name}] ${prepared.version}: converting ${jobs.length} ${ctx.corpus.name} PDFs`);
  // Other work on the machine slows every tool; the mean 1-minute load during the run says how much.
  const loads: number[] = [loadavg()[0] ?? 0];
  const sampler = setInterval(() => loads.push(loadavg()[0] ?? 0), 2000);
  const batch = await runBatch(tool.batch(ctx.paths, ctx.timeoutSec), jobs, predDir).finally(() => clearInterval(sampler));
  const failures: Failure[] = batch.outcomes.flatMap((o) =>
    o.status === 'ok' ? [] : [{ id: o.id, status: o.status, reason: o.reason ?? '' }],
  );
  ctx.log(`[${tool.name}] ${batch.wallSec.toFixed(1)} s, ${failures.length} failures; scoring`);
  const measured: Measured = {
    docs: jobs.length,
    pages: totalPages(ctx.rows),
    wallSec: batch.wallSec,
    cpuSec: batch.cpuSec,
    peakRssKb: batch.peakRssKb,
    loadAvg: loads.reduce((a, b) => a + b, 0) / loads.length,
    failures,
    quality: await ctx.corpus.assess(ctx, predDir, tool.name),
  };
  return { name: tool.name, kind: tool.kind, outcome: { status: 'ran', version: prepared.version, measured } };
}
