import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { inflateExact, ownBytes } from './inflate.ts';

describe('inflateExact', () => {
  it('gives a small stream a buffer of its own size, not a view into zlib\'s 64 KiB chunk', () => {
    const text = Buffer.from('BT /F1 12 Tf 72 720 Td (Hello) Tj ET\n'.repeat(20));
    const out = inflateExact(zlib.deflateSync(text), 1 << 20);
    expect(Buffer.from(out).equals(text)).toBe(true);
    expect(out.buffer.byteLength).toBe(text.length);
  });

  it('keeps what a truncated stream holds and stops at the output cap', () => {
    const text = Buffer.from('0123456789'.repeat(1000));
    const packed = zlib.deflateSync(text);
    const partial = inflateExact(packed.subarray(0, packed.length - 4), 1 << 20);
    expect(Buffer.from(partial).equals(text)).toBe(true);
    expect(() => inflateExact(packed, 100)).toThrow();
  });
});

describe('ownBytes', () => {
  it('copies a view that fills less than half its buffer, and leaves the rest as they are', () => {
    const big = new Uint8Array(1000);
    const small = big.subarray(10, 20);
    small.fill(7);
    const own = ownBytes(small);
    expect(own.buffer).not.toBe(big.buffer);
    expect([...own]).toEqual([...small]);
    const most = big.subarray(0, 900);
    expect(ownBytes(most)).toBe(most);
  });
});
