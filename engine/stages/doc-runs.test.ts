import { describe, expect, it } from 'vitest';
import { visibleLength } from './doc-runs.ts';

/** The regular-expression count visibleLength replaced: the reference it must equal. */
const byRegex = (text: string): number =>
  text.length - (text.match(/\s/g)?.length ?? 0) - (text.match(/[\ud800-\udbff][\udc00-\udfff]/g)?.length ?? 0);

describe('visibleLength', () => {
  it('counts every single code unit as the regular expressions do', () => {
    for (let c = 0; c <= 0xffff; c++) {
      const t = String.fromCharCode(c);
      expect(visibleLength(t), `U+${c.toString(16)}`).toBe(byRegex(t));
    }
  });

  it('counts mixed text, surrogate pairs and lone surrogates as the regular expressions do', () => {
    const samples = ['', ' ', 'a b\tc', '\u00a0x\u3000', '😀', 'a😀 b', '\ud83d', '\ude00\ud83d', '\ud83d\ud83d\ude00', 'x\ud83d', '\ufeff\u2028'];
    // Random strings over an alphabet of the edge cases (seeded, so a failure repeats).
    const alphabet = ['a', ' ', '\t', '\u00a0', '\u2000', '\u200b', '\ud83d', '\ude00', '\udbff', '\udc00', 'é', '\u3000'];
    let seed = 7;
    const rand = (n: number) => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) % n);
    for (let k = 0; k < 2000; k++) samples.push(Array.from({ length: rand(12) }, () => alphabet[rand(alphabet.length)]).join(''));
    for (const t of samples) expect(visibleLength(t), JSON.stringify(t)).toBe(byRegex(t));
  });
});
