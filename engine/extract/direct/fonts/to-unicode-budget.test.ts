/**
 * The work a ToUnicode CMap may ask for. Found by bench/fuzz: a 602-byte CMap
 * whose bfrange spans 786,483 codes with a long destination string took 4.5 s
 * to expand (each code copies the destination), so a page with a few hundred
 * such fonts would stall for many minutes.
 */
import { describe, expect, it } from 'vitest';
import { Unsupported } from '../types.ts';
import { parseToUnicode } from './to-unicode-cmap.ts';

const parse = (text: string) => parseToUnicode(new Uint8Array(Buffer.from(text, 'latin1')));
const bfrange = (low: string, high: string, dst: string) => `1 beginbfrange\n<${low}> <${high}> <${dst}>\nendbfrange\n`;

describe('ToUnicode expansion budget', () => {
  it('refuses a bfrange whose codes times destination length is too much to expand', () => {
    const started = performance.now();
    expect(() => parse(bfrange('000000', '0BFFFF', '00'.repeat(300)))).toThrow(Unsupported);
    expect(performance.now() - started).toBeLessThan(1_000);
  });

  it('refuses a bfrange of more codes than two full two-byte code spaces, before expanding it', () => {
    const started = performance.now();
    expect(() => parse(bfrange('0035', '0C0052', '0052'))).toThrow(Unsupported);
    expect(performance.now() - started).toBeLessThan(1_000);
  });

  it('still expands the largest ranges real fonts use', () => {
    const full = parse(bfrange('0000', 'FFFF', '0000'));
    expect(full.size).toBe(65_536);
    expect(full.get(0x41)).toBe('A');
    const ligatures = parse(bfrange('0000', '3FFF', '00660066006C'));
    expect(ligatures.size).toBe(0x4000);
  });
});
