import { describe, expect, it } from 'vitest';
import { drawnBrackets } from './mirrored-brackets.ts';

describe('brackets as drawn', () => {
  it('swaps brackets that close before they open and pair once swapped', () => {
    expect(drawnBrackets(')e( 519')).toBe('(e) 519');
    expect(drawnBrackets(')Cairo( القاهرة ]3[')).toBe('(Cairo) القاهرة [3]');
  });

  it('leaves brackets that pair as they stand, or pair neither way', () => {
    expect(drawnBrackets('(e) 519')).toBe('(e) 519');
    expect(drawnBrackets('a) b) c')).toBe('a) b) c');
    expect(drawnBrackets('no brackets')).toBe('no brackets');
  });
});
