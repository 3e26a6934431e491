/**
 * One tool, end to end: prepare (install or find), convert every PDF while
 * timing it, then scan for furniture and score. Anything that goes wrong is
 * recorded in the ToolResult so the table always has a row for the tool.
 */
import { mkdir, readFile, rm } from 'node:fs/promises';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { runBatch, type Job } from './batch-runner.ts';
import { countFurniture } from './furniture.ts';
import { totalPages, type ManifestRow } from './manifest.ts';
import { runScorer } from './score.ts';
import type { Failure, Measured, ToolResult } from './tool-result.ts';
import type { Paths, ToolSpec } from './tools.ts';

export type RunContext = {
  paths: Paths;
  corpusDir: string;
  rows: readonly ManifestRow[];
  /** Manifest of exactly `rows`, for the scorer. */
  manifestPath: string;
  outRoot: string;
  timeoutSec: number;
  log(msg: string): void;
};

export async function scanFurniture(ctx: RunContext, predDir: string): Promise<Measured['furniture']> {
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

export async function runTool(tool: ToolSpec, ctx: RunContext): Promise<ToolResult> {
  ctx.log(`[${tool.name}] preparing`);
  const prepared = await tool.prepare(ctx.paths);
  if (!prepared.ok) {
    ctx.log(`[${tool.name}] not available: ${prepared.reason}`);
    return { name: tool.name, kind: tool.kind, outcome: { status: 'unavailable', reason: prepared.reason } };
  }
  const predDir = join(ctx.outRoot, 'pred', tool.name);
  await rm(predDir, { recursive: true, force: true });
  await mkdir(predDir, { recursive: true });
  const jobs: Job[] = ctx.rows.map((r) => ({ id: r.id, pdf: join(ctx.corpusDir, 'dev/pdf', `${r.id}.pdf`), pages: r.pages }));
  ctx.log(`[${tool.name}] ${prepared.version}: converting ${jobs.length} PDFs`);
  // Other work on the machine slows every tool; the mean 1-minute load during the run says how much.
  const loads: number[] = [loadavg()[0] ?? 0];
  const sampler = setInterval(() => loads.push(loadavg()[0] ?? 0), 2000);
  const batch = await runBatch(tool.batch(ctx.paths, ctx.timeoutSec), jobs, predDir).finally(() => clearInterval(sampler));
  const failures: Failure[] = batch.outcomes.flatMap((o) =>
    o.status === 'ok' ? [] : [{ id: o.id, status: o.status, reason: o.reason ?? '' }],
  );
  ctx.log(`[${tool.name}] ${batch.wallSec.toFixed(1)} s, ${failures.length} failures; scoring`);
  const scored = await runScorer({
    python: join(ctx.paths.venvDir, 'bin/python'), corpusDir: ctx.corpusDir, manifest: ctx.manifestPath,
    predDir, jsonOut: join(ctx.outRoot, `score-${tool.name}.json`),
  });
  const measured: Measured = {
    docs: jobs.length,
    pages: totalPages(ctx.rows),
    wallSec: batch.wallSec,
    cpuSec: batch.cpuSec,
    peakRssKb: batch.peakRssKb,
    loadAvg: loads.reduce((a, b) => a + b, 0) / loads.length,
    failures,
    furniture: await scanFurniture(ctx, predDir),
    scores: scored.ok ? { ok: true, value: scored.scores } : { ok: false, reason: scored.reason },
  };
  ctx.log(`[${tool.name}] overall ${scored.ok ? scored.scores.means.overall : scored.reason}`);
  return { name: tool.name, kind: tool.kind, outcome: { status: 'ran', version: prepared.version, measured } };
}
