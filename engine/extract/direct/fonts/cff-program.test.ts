import { describe, expect, it } from 'vitest';
import { fakeCff } from '../../../../test/support/font-fixtures.ts';
import { Unsupported } from '../types.ts';
import { readCffProgram } from './cff-program.ts';

const names = (data: Uint8Array) => {
  const b = readCffProgram(data).builtin;
  return b.kind === 'names' ? Object.fromEntries(b.names) : b;
};

describe('CFF programs', () => {
  it('names each code of the built-in encoding through the charset, standard strings and the font\'s own strings', () => {
    // CMR10's OT1 layout as dvipdfmx embeds it: fi at 12, endash at 123; `Xi` is a standard string, `suppress` is not.
    expect(names(fakeCff({ 0x0c: 'fi', 0x41: 'A', 0x7b: 'endash', 0x04: 'Xi', 0x20: 'suppress' })))
      .toEqual({ 12: 'fi', 65: 'A', 123: 'endash', 4: 'Xi', 32: 'suppress' });
  });

  it('reads the FontMatrix, and none when the Top DICT has none', () => {
    expect(readCffProgram(fakeCff({ 65: 'A' }, [0.001, 0, 0.00025, 0.001, 0, 0])).fontMatrix).toEqual([0.001, 0, 0.00025, 0.001, 0, 0]);
    expect(readCffProgram(fakeCff({ 65: 'A' })).fontMatrix).toBeNull();
  });

  it('refuses truncated and foreign data', () => {
    const data = fakeCff({ 65: 'A', 66: 'B' });
    expect(() => readCffProgram(data.subarray(0, data.length - 3))).toThrow(Unsupported);
    expect(() => readCffProgram(new Uint8Array([0x80, 1, 0, 0]))).toThrow(Unsupported);
  });

  it('reads or refuses, and never throws anything else, on every truncation and every byte set to 0, 0x7f or 0xff', () => {
    const data = fakeCff({ 0x0c: 'fi', 0x41: 'A', 0x7b: 'endash', 0x20: 'suppress' }, [0.001, 0, 0, 0.001, 0, 0]);
    const tryRead = (d: Uint8Array) => {
      try {
        readCffProgram(d);
      } catch (err) {
        expect(err).toBeInstanceOf(Unsupported);
      }
    };
    for (let n = 0; n < data.length; n++) tryRead(data.subarray(0, n));
    for (let i = 0; i < data.length; i++) {
      for (const v of [0, 0x7f, 0xff]) {
        const d = data.slice();
        d[i] = v;
        tryRead(d);
      }
    }
  });
});
