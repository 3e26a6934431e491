import { describe, expect, it } from 'vitest';
import { isPlainText, plainText, withoutControls } from './plain-text.ts';

describe('plainText', () => {
  it('refuses NUL and other control characters, accepts any other text', () => {
    const s = plainText(10);
    expect(s.safeParse('a\u0000b').success).toBe(false);
    expect(s.safeParse('a\nb').success).toBe(false);
    expect(s.safeParse('a\u007f').success).toBe(false);
    expect(s.safeParse('Prüfung ✓').success).toBe(true);
    expect(s.safeParse('x'.repeat(11)).success).toBe(false);
    expect(isPlainText('ok')).toBe(true);
  });
  it('withoutControls replaces them', () => {
    expect(withoutControls('a\u0000b\tc')).toBe('a_b_c');
  });
});
