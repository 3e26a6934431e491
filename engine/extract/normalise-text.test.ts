import { describe, expect, it } from 'vitest';
import { normaliseText } from './normalise-text.ts';

describe('normaliseText', () => {
  it('returns printable ASCII as it is, soft-hyphen rules and all untouched', () => {
    const plain = 'The quick brown fox - jumps {over} ~ 42.';
    expect(normaliseText(plain)).toBe(plain);
  });

  it('expands ligatures, drops invisibles, evens odd spaces and keeps only a final soft hyphen', () => {
    expect(normaliseText('\uFB01nd e\uFB00ect')).toBe('find effect');
    expect(normaliseText('zero\u200Bwidth\u00A0space\u2009here')).toBe('zerowidth space here');
    expect(normaliseText('hy\u00ADphen\u00AD')).toBe('hyphen-');
    expect(normaliseText('caf\u00E9 \u05E9\u05DC\u05D5\u05DD')).toBe('caf\u00E9 \u05E9\u05DC\u05D5\u05DD');
  });
});
