import { describe, expect, it } from 'vitest';
import type { ToolName } from '../../bench/args.ts';
import { fastestStructured, ratio } from '../../bench/results-cells.ts';
import { renderDevTable as renderTable } from '../../bench/results-dev-md.ts';
import { renderMemory, renderResults } from '../../bench/results-md.ts';
import { renderRealworldTable } from '../../bench/results-realworld-md.ts';
import type { RealworldScores } from '../../bench/score-realworld.ts';
import type { Scores } from '../../bench/score.ts';
import type { RealworldQuality, ToolResult } from '../../bench/tool-result.ts';
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
        quality: { corpus: 'dev', furniture: { docs: 3, pageNumberDocs: 3, repeatedHeaderDocs: 1 }, scores: { ok: true, value: scores(overall) } },
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

  it('lists failures per corpus and the memory verdict', () => {
    const md = renderResults(
      { date: 'D', machine: 'M', command: 'npm run bench', corpus: '/c' },
      [{ corpus: 'dev', docs: 10, pages: 100, results: RESULTS }, { corpus: 'realworld', docs: 10, pages: 100, results: REALWORLD }],
      { status: 'ran', pdf: 'bench/out/memory-100p.pdf', pages: 101, wallSec: 10, peakRssKb: 450 * 1024, ok: true },
    );
    expect(md).toContain('- command: `npm run bench`');
    expect(md).toContain('- **p2m** (ours): p2m 1.0; wall 20.0 s, CPU 40.0 s, mean load 1.5; furniture: 3 with page numbers, 1 with repeated headers');
    expect(md).toContain('- **p2m** (ours): p2m 1.0; wall 8.0 s, CPU 16.0 s, mean load 1.5\n');
    expect(md).toContain('- **pdf2md** on dev: 1 failed\n  - `x__latex` timeout: no progress for 180s');
    expect(md).toContain('- **p2m** on realworld: 1 failed\n  - `pdfplumber__broken` failed: malformed_pdf');
    expect(md).toContain('peak RSS: **450 MB** (target ≤ 400 MB: **FAIL**)');
    expect(renderMemory({ status: 'skipped', reason: 'no engine' })).toBe('Not run: no engine');
  });

  it('puts the dev table before the real-world table, each under its own heading', () => {
    const md = renderResults(
      { date: 'D', machine: 'M', command: 'c', corpus: '/c' },
      [{ corpus: 'dev', docs: 10, pages: 100, results: RESULTS }, { corpus: 'realworld', docs: 10, pages: 100, results: REALWORLD }],
      { status: 'skipped', reason: 'x' },
    );
    const dev = md.indexOf('## Dev corpus: `dev/`, 10 PDFs, 100 pages');
    const rw = md.indexOf('## Real-world corpus: `realworld/`, 10 PDFs, 100 pages');
    expect(dev).toBeGreaterThan(0);
    expect(rw).toBeGreaterThan(dev);
    expect(md.indexOf('| tool | overall |')).toBeGreaterThan(dev);
    expect(md.indexOf('| tool | ICDAR F1 (doc mean) |')).toBeGreaterThan(rw);
  });
});

const icdar = (f1: number): RealworldScores => ({
  documents: 34, gt_tables: 50, pred_tables: 40, doc_precision: 0.81, doc_recall: 0.712, doc_f1: f1,
  micro_precision: 0.7, micro_recall: 0.65, micro_f1: 0.677, found_rate: 0.724, teds_mean: 0.75, docs_without_pred_table: 2,
});

function ranRealworld(name: ToolName, kind: ToolKind, wallSec: number, scored: RealworldQuality['scores']): ToolResult {
  return {
    name, kind,
    outcome: {
      status: 'ran', version: `${name} 1.0`,
      measured: {
        docs: 10, pages: 100, wallSec, cpuSec: wallSec * 2, peakRssKb: 102400, loadAvg: 1.5,
        failures: name === 'p2m' ? [{ id: 'pdfplumber__broken', status: 'failed', reason: 'malformed_pdf' }] : [],
        quality: { corpus: 'realworld', scores: scored },
      },
    },
  };
}

const REALWORLD: ToolResult[] = [
  ranRealworld('p2m', 'ours', 8, { ok: true, value: icdar(0.74) }),
  ranRealworld('pdftotext', 'text', 2, { ok: true, value: { ...icdar(0), pred_tables: 0, doc_precision: 0, doc_recall: 0, micro_f1: 0, found_rate: 0, teds_mean: null, docs_without_pred_table: 34 } }),
  ranRealworld('markitdown', 'structured', 20, { ok: false, reason: 'score_realworld.py exited 1: boom | x' }),
  { name: 'opendataloader', kind: 'structured', outcome: { status: 'unavailable', reason: 'java not usable' } },
];

describe('real-world results table', () => {
  it('renders the ICDAR measure, throughput and failures, one row per tool', () => {
    const lines = renderRealworldTable(REALWORLD).split('\n');
    expect(lines).toHaveLength(2 + REALWORLD.length);
    expect(lines[2]).toBe('| p2m | 0.740 | 0.810 | 0.712 | 0.677 | 0.724 | 0.750 | 40 (2 docs none) | 12.5 | 6.3 | 0.25× | 100 | 1/10 |  |');
    expect(lines[3]).toContain('| pdftotext | 0.000 | 0.000 | 0.000 | 0.000 | 0.000 | – | 0 (34 docs none) | 50.0 |');
    expect(lines[4]).toContain('| markitdown | – | – | – | – | – | – | – | 5.0 | 2.5 | 0.10× | 100 | 0/10 | scoring failed: score_realworld.py exited 1: boom / x |');
    expect(lines[5]).toContain('**not run**: java not usable |');
    const cells = (l: string): number => l.split('|').length;
    for (const l of lines) expect(cells(l)).toBe(cells(lines[0]!));
  });

  it('refuses a dev result in the real-world table and the other way round', () => {
    expect(() => renderRealworldTable(RESULTS.slice(0, 1))).toThrow(/not a realworld/);
    expect(() => renderTable(REALWORLD.slice(0, 1))).toThrow(/not a dev/);
  });
});
