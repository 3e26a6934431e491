import { describe, expect, it } from 'vitest';
import { formatReport, runConformance } from '../../support/mcp-conformance/run.ts';
import { DB_KIND } from '../../support/test-env.ts';

// The suite runs against its own in-memory server, so once (in the PGlite project) is enough.
describe.skipIf(DB_KIND !== 'pglite')('MCP conformance suite', () => {
  it(
    'passes every scenario that applies to p2m, for every protocol version the suite covers',
    async () => {
      const report = await runConformance({ timeoutMs: 90_000 });
      expect(report.versions.map((v) => v.version)).toContain('2025-11-25');
      for (const v of report.versions) {
        const passed = v.results.filter((r) => r.passed).map((r) => r.scenario);
        expect(passed, v.version).toEqual(expect.arrayContaining(['server-initialize', 'ping', 'tools-list']));
      }
      expect(report.ok, formatReport(report)).toBe(true);
    },
    240_000,
  );
});
