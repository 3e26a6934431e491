import { describe, expect, it } from 'vitest';
import { d, MemoryObjects, n, s } from '../../../test/support/font-fixtures.ts';
import type { PdfValue } from '../pdf-objects/values.ts';
import { imageLayout, imagePixels } from './image-pixels.ts';
import { Unsupported } from './types.ts';

const image = (entries: Record<string, PdfValue>) => d({ Subtype: n('Image'), Width: 3, Height: 2, BitsPerComponent: 8, ColorSpace: n('DeviceGray'), ...entries });
const rgbaOf = (dict: ReturnType<typeof image>, data: number[], objects = new MemoryObjects()) =>
  Array.from(imagePixels(imageLayout(dict, objects), Uint8Array.from(data)).rgba);

describe('imagePixels', () => {
  it('spreads gray and packed 1-bit samples to RGBA, rows padded to the byte', () => {
    expect(rgbaOf(image({}), [0, 128, 255, 1, 2, 3]).filter((_, i) => i % 4 === 0)).toEqual([0, 128, 255, 1, 2, 3]);
    // 3 one-bit pixels per row, each row padded to a byte: 101 then 010.
    expect(rgbaOf(image({ BitsPerComponent: 1 }), [0b10100000, 0b01000000]).filter((_, i) => i % 4 === 0)).toEqual([255, 0, 255, 0, 255, 0]);
  });

  it('looks 4-bit indexes up in an RGB palette', () => {
    const cs = [n('Indexed'), n('DeviceRGB'), 1, s('\x00\x10\x20\xff\xee\xdd')];
    expect(rgbaOf(image({ Width: 2, Height: 1, BitsPerComponent: 4, ColorSpace: cs }), [0x10])).toEqual([255, 238, 221, 255, 0, 16, 32, 255]);
  });

  it('leaves to pdf.js what it does not decode exactly, and what is over the pixel limit', () => {
    const objects = new MemoryObjects();
    const refused = (dict: ReturnType<typeof image>, limits = { maxPixels: 100 }) => () => imageLayout(dict, objects, limits);
    expect(refused(image({ ImageMask: true }))).toThrow(Unsupported);
    expect(refused(image({ SMask: d({}) }))).toThrow(Unsupported);
    expect(refused(image({ Decode: [1, 0] }))).toThrow(Unsupported);
    expect(refused(image({ Interpolate: true }))).toThrow(Unsupported);
    expect(refused(image({ ColorSpace: n('DeviceCMYK') }))).toThrow(Unsupported);
    expect(refused(image({ BitsPerComponent: 16 }))).toThrow(Unsupported);
    expect(refused(image({ Width: 11, Height: 10 }))).toThrow(/pixel limit/);
    expect(() => rgbaOf(image({}), [1, 2, 3])).toThrow(/cut short/);
    const palette = [n('Indexed'), n('DeviceGray'), 1, s('\x00\xff')];
    expect(() => rgbaOf(image({ Width: 1, Height: 1, ColorSpace: palette }), [2])).toThrow(/beyond its palette/);
  });
});
