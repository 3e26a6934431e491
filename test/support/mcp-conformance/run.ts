/**
 * MCP conformance: runs the server suite of @modelcontextprotocol/conformance
 * against p2m's endpoint on localhost, once per protocol version that both
 * the SDK supports and the suite has scenarios for, and compares the outcome
 * with expected-failures.txt. Unexpected failures and stale expectations
 * both fail the run. Versions the suite does not cover are reported; their
 * handshake is tested in test/integration/mcp/protocol.test.ts.
 *
 *   node test/support/mcp-conformance/run.ts [--version 2025-11-25 ...]
 */
import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs, promisify } from 'node:util';
import { SUPPORTED_PROTOCOL_VERSIONS } from '@modelcontextprotocol/sdk/types.js';
import { readExpectedFailures } from './expected-failures.ts';
import { startHarnessServer } from './harness-server.ts';
import { readResults, versionsInListing, type ScenarioResult } from './read-results.ts';

const run = promisify(execFile);

export const EXPECTED_FAILURES_FILE = fileURLToPath(new URL('./expected-failures.txt', import.meta.url));

export type VersionReport = {
  version: string;
  results: ScenarioResult[];
  unexpectedFailures: ScenarioResult[];
  /** Expected to fail but passed: the entry should be removed. */
  stale: string[];
};

export type ConformanceReport = { ok: boolean; versions: VersionReport[]; uncovered: string[] };

export type ConformanceOptions = { versions?: string[]; timeoutMs?: number };

function suiteCommand(args: string[], timeoutMs = 30_000): Promise<{ stdout: string }> {
  const bin = fileURLToPath(import.meta.resolve('@modelcontextprotocol/conformance/dist/index.js'));
  return run(process.execPath, [bin, ...args], { timeout: timeoutMs, maxBuffer: 16 * 1024 * 1024 });
}

export async function runConformance(opts: ConformanceOptions = {}): Promise<ConformanceReport> {
  const covered = versionsInListing((await suiteCommand(['list', '--server'])).stdout);
  const wanted = opts.versions ?? [...SUPPORTED_PROTOCOL_VERSIONS];
  const expected = await readExpectedFailures(EXPECTED_FAILURES_FILE);
  await using server = await startHarnessServer();
  const versions: VersionReport[] = [];
  for (const version of wanted.filter((v) => covered.includes(v))) {
    versions.push(compare(version, await runVersion(server.url, version, opts.timeoutMs ?? 120_000), expected));
  }
  const ok = versions.every((v) => v.unexpectedFailures.length === 0 && v.stale.length === 0);
  return { ok, versions, uncovered: wanted.filter((v) => !covered.includes(v)) };
}

async function runVersion(url: string, version: string, timeoutMs: number): Promise<ScenarioResult[]> {
  const outDir = await mkdtemp(join(tmpdir(), 'p2m-conformance-out-'));
  try {
    const args = ['server', '--url', url, '--spec-version', version, '-o', outDir];
    // The suite exits 1 when any scenario fails; the results folder is what counts.
    await suiteCommand(args, timeoutMs).catch((err: unknown) => {
      if ((err as { killed?: boolean }).killed) throw new Error(`conformance ${version} timed out after ${timeoutMs} ms`);
    });
    const results = await readResults(outDir);
    if (results.length === 0) throw new Error(`conformance ${version} wrote no results`);
    return results;
  } finally {
    await rm(outDir, { recursive: true, force: true });
  }
}

function compare(version: string, results: ScenarioResult[], expected: ReadonlyMap<string, string>): VersionReport {
  return {
    version,
    results,
    unexpectedFailures: results.filter((r) => !r.passed && !expected.has(r.scenario)),
    stale: results.filter((r) => r.passed && expected.has(r.scenario)).map((r) => r.scenario),
  };
}

export function formatReport(report: ConformanceReport): string {
  const lines: string[] = [];
  for (const v of report.versions) {
    const passed = v.results.filter((r) => r.passed).map((r) => r.scenario);
    lines.push(`${v.version}: ${passed.length}/${v.results.length} scenarios pass (${passed.join(', ')})`);
    for (const f of v.unexpectedFailures) lines.push(`  UNEXPECTED FAILURE ${f.scenario}: ${f.failures.join('; ')}`);
    for (const s of v.stale) lines.push(`  STALE expected failure ${s}: it passes now; remove it from expected-failures.txt`);
  }
  if (report.uncovered.length) lines.push(`not in the suite (see protocol.test.ts): ${report.uncovered.join(', ')}`);
  lines.push(report.ok ? 'conformance: OK' : 'conformance: FAILED');
  return lines.join('\n');
}

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { version: { type: 'string', multiple: true } } });
  const report = await runConformance(values.version ? { versions: values.version } : {});
  console.log(formatReport(report));
  process.exitCode = report.ok ? 0 : 1;
}

if (import.meta.main) await main();
