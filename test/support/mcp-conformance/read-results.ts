/**
 * Reads the conformance tool's output directory: one folder per scenario,
 * server-<scenario>-<ISO timestamp>/checks.json, each check SUCCESS,
 * FAILURE, WARNING or INFO. A scenario passes when no check failed.
 */
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { z } from 'zod';

const Checks = z.array(z.object({ id: z.string(), status: z.string(), errorMessage: z.string().optional() }));

export type ScenarioResult = { scenario: string; passed: boolean; failures: string[] };

const FOLDER = /^server-(.+)-\d{4}-\d{2}-\d{2}T[\d-]+Z$/;

export async function readResults(outDir: string): Promise<ScenarioResult[]> {
  const results: ScenarioResult[] = [];
  for (const entry of await readdir(outDir, { withFileTypes: true })) {
    const scenario = entry.isDirectory() ? FOLDER.exec(entry.name)?.[1] : undefined;
    if (!scenario) continue;
    const checks = Checks.parse(JSON.parse(await readFile(join(outDir, entry.name, 'checks.json'), 'utf8')));
    const failures = checks.filter((c) => c.status === 'FAILURE').map((c) => `${c.id}: ${c.errorMessage ?? 'failed'}`);
    results.push({ scenario, passed: failures.length === 0, failures });
  }
  return results.sort((a, b) => a.scenario.localeCompare(b.scenario));
}

/** Spec versions the installed suite has server scenarios for, from `conformance list --server`. */
export function versionsInListing(listing: string): string[] {
  const versions = new Set<string>();
  for (const m of listing.matchAll(/^\s*-\s+\S+\s+\[([^\]]*)\]/gm)) {
    for (const v of m[1]!.split(',')) if (/^\d{4}-\d{2}-\d{2}$/.test(v.trim())) versions.add(v.trim());
  }
  return [...versions].sort();
}
