/**
 * Simple image XObjects decoded to RGBA as pdf.js decodes them for painting:
 * DeviceGray, DeviceRGB, or Indexed over either, at 1, 2, 4 or 8 bits per
 * component, through the filters stream-data.ts reads (Flate with its
 * predictors, ASCIIHex, ASCII85). Everything else is Unsupported, for the
 * caller to leave to pdf.js: DCT, JPX, JBIG2, CCITT, image masks, soft masks
 * and colour-key masks, /Decode arrays, /Interpolate (pdf.js smooths those),
 * other colour spaces, and data cut short.
 */
import { isName, isString, type PdfDict, type PdfValue } from '../pdf-objects/values.ts';
import { Unsupported, type ObjectSource } from './types.ts';

/** How big an image the direct reader decodes itself; bigger ones are left to pdf.js. */
export type ImageLimits = {
  /** Pixels of one image (4 bytes each once decoded). */
  readonly maxPixels: number;
};

export const DEFAULT_IMAGE_LIMITS: ImageLimits = { maxPixels: 16_000_000 };

/** An image's pixels, RGBA row by row from its top row, as pdf.js hands them to the canvas. */
export type ImagePixels = { width: number; height: number; rgba: Uint8Array };

/** The palette or device space of an image: components per sample and how a sample becomes RGB. */
type Space = { comps: number; palette: Uint8Array | null; hival: number };

const GRAY: Space = { comps: 1, palette: null, hival: 0 };
const RGB: Space = { comps: 3, palette: null, hival: 0 };

function deviceSpace(v: PdfValue | undefined): Space | null {
  if (isName(v, 'DeviceGray')) return GRAY;
  if (isName(v, 'DeviceRGB')) return RGB;
  return null;
}

/** [/Indexed base hival lookup] over DeviceGray or DeviceRGB: the palette as RGB triples. */
function indexed(cs: PdfValue[], objects: ObjectSource): Space {
  const base = deviceSpace(objects.resolve(cs[1]));
  const hival = objects.resolve(cs[2]);
  if (!base || typeof hival !== 'number' || !Number.isInteger(hival) || hival < 0 || hival > 255) throw new Unsupported('image palette');
  const raw = objects.resolve(cs[3]);
  const lookup = isString(raw) ? Uint8Array.from(raw.bytes, (c) => c.charCodeAt(0)) : objects.stream(cs[3]).data;
  const n = hival + 1;
  if (lookup.length < n * base.comps) throw new Unsupported('image palette cut short');
  const palette = new Uint8Array(n * 3);
  for (let i = 0; i < n; i++) {
    for (let k = 0; k < 3; k++) palette[i * 3 + k] = lookup[i * base.comps + (base.comps === 1 ? 0 : k)]!;
  }
  return { comps: 1, palette, hival };
}

function spaceOf(v: PdfValue | undefined, objects: ObjectSource): Space {
  const cs = objects.resolve(v);
  const device = deviceSpace(cs);
  if (device) return device;
  if (Array.isArray(cs) && cs.length === 4 && isName(objects.resolve(cs[0]), 'Indexed')) return indexed(cs, objects);
  throw new Unsupported('image colour space');
}

function positiveInt(objects: ObjectSource, dict: PdfDict, key: string): number {
  const v = objects.lookup(dict, key);
  if (typeof v !== 'number' || !Number.isInteger(v) || v < 1) throw new Unsupported(`image /${key}`);
  return v;
}

/** What an image stream's dictionary says about its samples; Unsupported for anything but a simple opaque image. */
export function imageLayout(dict: PdfDict, objects: ObjectSource, limits: ImageLimits = DEFAULT_IMAGE_LIMITS) {
  for (const key of ['ImageMask', 'Interpolate']) if (objects.lookup(dict, key) === true) throw new Unsupported(`image /${key}`);
  for (const key of ['SMask', 'Mask', 'Decode', 'SMaskInData']) {
    const v = objects.lookup(dict, key);
    if (v !== undefined && v !== null && v !== 0) throw new Unsupported(`image /${key}`);
  }
  const width = positiveInt(objects, dict, 'Width'), height = positiveInt(objects, dict, 'Height');
  if (width * height > limits.maxPixels) throw new Unsupported('image over the pixel limit');
  const bits = objects.lookup(dict, 'BitsPerComponent');
  if (bits !== 1 && bits !== 2 && bits !== 4 && bits !== 8) throw new Unsupported('image /BitsPerComponent');
  const space = spaceOf(dict.map.get('ColorSpace'), objects);
  const rowBytes = (width * space.comps * bits + 7) >> 3;
  return { width, height, bits, space, rowBytes };
}

/** The image's samples as RGBA; `data` is its decoded stream (at least rowBytes × height bytes). */
export function imagePixels(layout: ReturnType<typeof imageLayout>, data: Uint8Array): ImagePixels {
  const { width, height, bits, space, rowBytes } = layout;
  if (data.length < rowBytes * height) throw new Unsupported('image data cut short');
  const rgba = new Uint8Array(width * height * 4);
  const max = (1 << bits) - 1;
  // Device samples scale to 0-255 (an integer factor for 1, 2, 4 and 8 bits, so exact as in pdf.js).
  const scale = 255 / max;
  for (let y = 0; y < height; y++) {
    const row = y * rowBytes;
    for (let x = 0; x < width; x++) {
      const o = (y * width + x) * 4;
      rgba[o + 3] = 255;
      if (space.palette) {
        const i = sample(data, row, x, bits);
        if (i > space.hival) throw new Unsupported('image index beyond its palette');
        rgba[o] = space.palette[i * 3]!; rgba[o + 1] = space.palette[i * 3 + 1]!; rgba[o + 2] = space.palette[i * 3 + 2]!;
      } else if (space.comps === 1) {
        rgba[o] = rgba[o + 1] = rgba[o + 2] = sample(data, row, x, bits) * scale;
      } else {
        for (let k = 0; k < 3; k++) rgba[o + k] = sample(data, row, x * 3 + k, bits) * scale;
      }
    }
  }
  return { width, height, rgba };
}

/** The `i`th sample of `bits` bits in the row starting at byte `row`, most significant bits first. */
function sample(data: Uint8Array, row: number, i: number, bits: number): number {
  if (bits === 8) return data[row + i]!;
  const bit = i * bits;
  return (data[row + (bit >> 3)]! >> (8 - bits - (bit & 7))) & ((1 << bits) - 1);
}
