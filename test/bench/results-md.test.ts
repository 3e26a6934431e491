import { describe, expect, it } from 'vitest';
import type { ToolName } from '../../bench/args.ts';
import { fastestStructured, ratio, renderMemory, renderResults, renderTable } from '../../bench/results-md.ts';
import type { Scores } from '../../bench/score.ts';
import type { ToolResult } from '../../bench/tool-result.ts';
import type { ToolKind } from '../../bench/tools.ts';

const scores = (overall: number): Scores => ({
  means: { overall, nid: 0.9, teds: 0.5, mhs: null },
  by_producer: { latex: { overall }, 'html-2col': { overall: overall / 2 } },
  documents: [],
});

function ran(name: ToolName, kind: ToolKind, wallSec: number, overall: number): ToolResult {
  return {
    name, kind,
    outcome: {
      status: 'ran', version: `${name} 1.0`,
      measured: {
        docs: 10, pages: 100, wallSec, cpuSec: wallSec * 2, peakRssKb: 204800, loadAvg: 1.5,
        failures: name === 'pdf2md' ? [{ id: 'x__latex', status: 'timeout', reason: 'no progress for 180s' }] : [],
        furniture: { docs: 3, pageNumberDocs: 3, repeatedHeaderDocs: 1 },
        scores: { ok: true, value: scores(overall) },
      },
    },
  };
}

const RESULTS: ToolResult[] = [
  ran('p2m', 'ours', 20, 0.8),
  ran('pdftotext', 'text', 2, 0.36),
  ran('pdf2md', 'structured', 10, 0.7),
  ran('pymupdf4llm', 'structured', 50, 0.75),
  { name: 'opendataloader', kind: 'structured', outcome: { status: 'unavailable', reason: 'java not usable | x' } },
];

describe('results table', () => {
  it('computes ratios against pdftotext and the fastest structured peer', () => {
    expect(fastestStructured(RESULTS)?.name).toBe('pdf2md');
    expect(ratio(RESULTS[0]!, RESULTS[1])).toBe('0.10×');
    expect(ratio(RESULTS[1]!, RESULTS[0])).toBe('10×');
    expect(ratio(RESULTS[0]!, undefined)).toBe('–');
    expect(ratio(RESULTS[3]!, RESULTS[1])).toBe('0.040×');
  });

  it('renders one row per tool, with a reason for a tool that did not run', () => {
    const lines = renderTable(RESULTS).split('\n');
    expect(lines[0]).toContain('| × pdf2md |');
    expect(lines).toHaveLength(2 + RESULTS.length);
    expect(lines[2]).toBe(
      '| p2m | 0.800 | 0.900 | 0.500 | – | – | 0.400 | 0.800 | – | 5.0 | 2.5 | 0.10× | 0.50× | 200 | 0/10 | 3/10 |  |',
    );
    expect(lines[6]).toContain('**not run**: java not usable / x |');
    // Every row has the same number of cells as the header.
    const cells = (l: string): number => l.split('|').length;
    for (const l of lines) expect(cells(l)).toBe(cells(lines[0]!));
  });

  it('lists failures and the memory verdict', () => {
    const md = renderResults(
      { date: 'D', machine: 'M', command: 'npm run bench', corpus: '/c', docs: 10, pages: 100 },
      RESULTS,
      { status: 'ran', pdf: 'bench/out/memory-100p.pdf', pages: 101, wallSec: 10, peakRssKb: 450 * 1024, ok: true },
    );
    expect(md).toContain('- command: `npm run bench`');
    expect(md).toContain('- **p2m** (ours): p2m 1.0; wall 20.0 s, CPU 40.0 s, mean load 1.5; furniture: 3 with page numbers, 1 with repeated headers');
    expect(md).toContain('`x__latex` timeout: no progress for 180s');
    expect(md).toContain('peak RSS: **450 MB** (target ≤ 400 MB: **FAIL**)');
    expect(renderMemory({ status: 'skipped', reason: 'no engine' })).toBe('Not run: no engine');
  });
});
