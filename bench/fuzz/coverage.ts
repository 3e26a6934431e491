/**
 * Coverage feedback for the fuzzer from V8's own block coverage (the
 * inspector's precise coverage with counts), so no instrumentation step is
 * needed and TypeScript run by Node's type stripping is covered as it runs.
 * A feature is one block of one function in the files under test together
 * with its hit count rounded to a power-of-two bucket, as AFL counts edges.
 */
import { Session } from 'node:inspector';

type Range = { startOffset: number; endOffset: number; count: number };
type ScriptCoverage = { url: string; functions: { ranges: Range[] }[] };

/** 0, 1, 2, 3, 4-7, 8-15, … : small changes in loop counts are new behaviour, large ones are not. */
export function countBucket(count: number): number {
  return count < 4 ? count : 32 - Math.clz32(count) + 2;
}

/** Collects the features one run of the target touched. */
export class CoverageProbe {
  private readonly session = new Session();
  private readonly include: RegExp;

  /** `include` picks the script URLs whose blocks count (the code under test, not the harness). */
  constructor(include: RegExp) {
    this.include = include;
    this.session.connect();
    this.post('Profiler.enable');
    this.post('Profiler.startPreciseCoverage', { callCount: true, detailed: true });
  }

  private post(method: string, params?: object): unknown {
    let out: unknown;
    let error: Error | null = null;
    // The in-thread inspector session answers synchronously.
    this.session.post(method, params, (err, res) => { error = err; out = res; });
    if (error) throw error;
    return out;
  }

  /** Features since the last call (taking coverage resets V8's counters). */
  take(): Set<string> {
    const { result } = this.post('Profiler.takePreciseCoverage') as { result: ScriptCoverage[] };
    const features = new Set<string>();
    for (const script of result) {
      if (!this.include.test(script.url)) continue;
      const file = script.url.slice(script.url.lastIndexOf('/') + 1);
      for (const fn of script.functions) {
        if (!fn.ranges[0] || fn.ranges[0].count === 0) continue;
        for (const r of fn.ranges) features.add(`${file}:${r.startOffset}:${countBucket(r.count)}`);
      }
    }
    return features;
  }

  close(): void {
    this.post('Profiler.stopPreciseCoverage');
    this.session.disconnect();
  }
}
