import { describe, expect, it } from 'vitest';
import type { JobRow } from '../../db/schema.ts';
import { SameRows } from './same-rows.ts';

const row = (id: string, over: Record<string, unknown> = {}) =>
  ({ id, status: 'processing', pagesDone: 3, statusSince: new Date(1000), settings: { converter: 'auto', tags: ['a'] }, ...over }) as unknown as JobRow;

describe('SameRows', () => {
  it('hands back the kept object while a job reads the same, a new one as soon as any field changes', () => {
    const same = new SameRows(10);
    const first = same.intern(row('j1'));
    expect(Object.isFrozen(first)).toBe(true);
    expect(same.intern(row('j1'))).toBe(first);
    for (const change of [{ pagesDone: 4 }, { statusSince: new Date(1001) }, { settings: { converter: 'auto', tags: ['b'] } }, { status: 'ready' }]) {
      const fresh = row('j1', change);
      const got = same.intern(fresh);
      expect(got).not.toBe(first);
      expect(got).toBe(fresh);
      expect(same.intern(row('j1', change))).toBe(got);
      same.intern(first);
    }
  });

  it('keeps at most its bound of rows, the least recently changed going first', () => {
    const same = new SameRows(2);
    const a = same.intern(row('a'));
    same.intern(row('b'));
    same.intern(row('c'));
    expect(same.size).toBe(2);
    expect(same.intern(row('a'))).not.toBe(a);
  });
});
