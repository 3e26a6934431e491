import { describe, expect, it } from 'vitest';
import { clean, report } from '../../bench/hostile-http/report.ts';

const base = { pdfs: [], baselineMb: 300, peakMb: 400, endMb: 350, up: true, maxGrowthMb: 400 };

describe('hostile run verdict', () => {
  it('a clean answer is below 500 or a closed connection; a 5xx or no answer is not', () => {
    expect([0, 200, 413, 499].every(clean)).toBe(true);
    expect([-1, 500, 502].some(clean)).toBe(false);
  });
  it('fails on a 5xx, a dead process or memory growth over the bound', () => {
    const ok = { category: 'c', name: 'n', status: 413, up: true, rssMb: 1 };
    expect(report({ ...base, results: [ok] }).passed).toBe(true);
    expect(report({ ...base, results: [{ ...ok, status: 500 }] }).passed).toBe(false);
    expect(report({ ...base, results: [ok], up: false }).passed).toBe(false);
    expect(report({ ...base, results: [ok], peakMb: 701 }).passed).toBe(false);
    expect(report({ ...base, results: [ok] }).text).toContain('| c | n | 413 |');
  });
});
