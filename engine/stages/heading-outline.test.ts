import { describe, expect, it } from 'vitest';
import { bareKey, indexOutline, matchOutline } from './heading-outline.ts';
import { line, para } from '../../test/engine/build.ts';

describe('outline matching', () => {
  it('strips section numbers of every style before comparing', () => {
    expect(bareKey('I. INTRODUCTION')).toBe('introduction');
    expect(bareKey('III-A Google DeepDream')).toBe('googledeepdream');
    expect(bareKey('2.3.1 Scope')).toBe('scope');
    expect(bareKey('Introduction')).toBeNull();
    expect(bareKey('2 of')).toBeNull();
  });

  it('matches each title once, by full key first, then without numbers, then by letters alone', () => {
    const ps = ['I. INTRODUCTION', 'Setup', 'APPENDIX A AUTOMATICALLY GENERATED TEXTS', 'Setup'].map((t, i) => para([line([t], 40, 60 + 40 * i)]));
    const idx = indexOutline([
      { title: 'I Introduction', level: 1, page: 1 }, { title: 'Setup', level: 2, page: 1 },
      { title: 'Appendix A: Automatically generated Texts', level: 1, page: 1 },
    ]);
    expect([...matchOutline(ps, idx, 3).entries()].map(([p, l]) => [ps.indexOf(p), l]).sort((a, b) => a[0]! - b[0]!)).toEqual([[0, 1], [1, 2], [2, 1]]);
  });

  it('gives a title to its exact heading before a look-alike earlier in the document gets it loosely', () => {
    const ps = ['• CMD (Default Command or Options)', 'CMD (default command or options)'].map((t, i) => para([line([t], 40, 60 + 40 * i)]));
    const idx = indexOutline([{ title: 'CMD (default command or options)', level: 3, page: 1 }]);
    expect([...matchOutline(ps, idx, 3).keys()]).toEqual([ps[1]]);
  });
});
