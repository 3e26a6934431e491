import { describe, expect, it } from 'vitest';
import type { LoadResult } from '../../bench/poll/load.ts';
import { HEADER, mergeSection, median, summarize } from '../../bench/poll/polling-md.ts';

const load = (reqPerSec: number, p99: number, errors = 0): LoadResult => ({
  reqPerSec, p50: 1, p99, max: p99, errors, serverCpu: 1, loadgenCpu: 1, dbCpu: 0, seconds: 10,
});

describe('polling report', () => {
  it('takes medians over rounds and checks every target', () => {
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 2, 3])).toBe(2.5);
    const ok = summarize({ service: [load(3000, 20), load(5000, 30), load(4000, 10)], baseline: [load(8000, 5)] });
    expect(ok).toMatchObject({ reqPerSec: 4000, p99: 20, errors: 0, ratio: 0.5, pass: true });
    expect(summarize({ service: [load(4000, 20, 1)], baseline: [load(8000, 5)] }).pass).toBe(false);
    expect(summarize({ service: [load(4000, 51)], baseline: [load(8000, 5)] }).pass).toBe(false);
    expect(summarize({ service: [load(3000, 20)], baseline: [load(8000, 5)] }).pass).toBe(false);
  });

  it('replaces one database section and keeps the other', () => {
    const pg = '<!-- poll:postgres -->\nold pg\n<!-- /poll:postgres -->';
    const first = mergeSection(null, 'postgres', pg);
    expect(first.startsWith(HEADER)).toBe(true);
    const both = mergeSection(first, 'pglite', '<!-- poll:pglite -->\nlite\n<!-- /poll:pglite -->');
    const again = mergeSection(both, 'postgres', '<!-- poll:postgres -->\nnew pg\n<!-- /poll:postgres -->');
    expect(again).toContain('lite');
    expect(again).toContain('new pg');
    expect(again).not.toContain('old pg');
  });
});
