/**
 * Just enough colour handling to know, as pdf.js's rule reader does, whether
 * the fill or stroke colour is white: pdf.js converts every colour operator
 * to an RGB hex string and the reader compares it with #ffffff. Device
 * spaces convert exactly as pdf.js does (through a clamped byte array);
 * ICCBased falls back to its alternate or component count, as pdf.js does
 * without its ICC module; other spaces count as not white.
 */
import { isDict, isName, type PdfDict, type PdfValue } from '../../pdf-objects/values.ts';
import type { ObjectSource } from '../types.ts';

/** The colour spaces we tell apart. */
export type ColourSpace = 'gray' | 'rgb' | 'cmyk' | 'pattern' | 'other';

const DEVICE: Record<string, ColourSpace> = {
  G: 'gray', DeviceGray: 'gray', RGB: 'rgb', DeviceRGB: 'rgb', CMYK: 'cmyk', DeviceCMYK: 'cmyk', Pattern: 'pattern',
};
const COMPONENTS: Record<ColourSpace, number> = { gray: 1, rgb: 3, cmyk: 4, pattern: 0, other: 0 };

/** The colour space a `cs`/`CS` operand names (pdf.js ColorSpaceUtils.parse, reduced). */
export function parseColourSpace(v: PdfValue | undefined, resources: PdfDict, objects: ObjectSource, depth = 0): ColourSpace {
  const cs = objects.resolve(v);
  if (depth > 8) return 'other';
  if (isName(cs)) {
    const device = DEVICE[cs.name];
    if (device) return device;
    const spaces = objects.lookup(resources, 'ColorSpace');
    const named = isDict(spaces) ? objects.lookup(spaces, cs.name) : undefined;
    // pdf.js falls back to gray for a name it cannot find.
    return named === undefined || named === null ? 'gray' : parseColourSpace(named, resources, objects, depth + 1);
  }
  if (!Array.isArray(cs)) return 'other';
  const family = objects.resolve(cs[0]);
  if (!isName(family)) return 'other';
  const device = DEVICE[family.name];
  if (device && device !== 'pattern') return device;
  if (family.name === 'ICCBased') return iccBased(cs[1], resources, objects, depth);
  return family.name === 'Pattern' ? 'pattern' : 'other';
}

function iccBased(ref: PdfValue | undefined, resources: PdfDict, objects: ObjectSource, depth: number): ColourSpace {
  const stream = objects.stream(ref);
  const n = objects.lookup(stream.dict, 'N');
  const alt = stream.dict.map.get('Alternate');
  if (alt !== undefined) {
    const altCs = parseColourSpace(alt, resources, objects, depth + 1);
    if (COMPONENTS[altCs] === n && altCs !== 'other') return altCs;
    if (altCs === 'other') return 'other';
  }
  if (n === 1) return 'gray';
  if (n === 3) return 'rgb';
  if (n === 4) return 'cmyk';
  return 'other';
}

const rgb = new Uint8ClampedArray(3);

/** pdf.js DeviceCMYK.getRgbItem: a polynomial fit, written as pdf.js writes it so rounding agrees. */
function cmykToRgb(c: number, m: number, y: number, k: number): void {
  rgb[0] = 255 + c * (-4.387332384609988 * c + 54.48615194189176 * m + 18.82290502165302 * y + 212.25662451639585 * k + -285.2331026137004) + m * (1.7149763477362134 * m - 5.6096736904047315 * y + -17.873870861415444 * k - 5.497006427196366) + y * (-2.5217340131683033 * y - 21.248923337353073 * k + 17.5119270841813) + k * (-21.86122147463605 * k - 189.48180835922747);
  rgb[1] = 255 + c * (8.841041422036149 * c + 60.118027045597366 * m + 6.871425592049007 * y + 31.159100130055922 * k + -79.2970844816548) + m * (-15.310361306967817 * m + 17.575251261109482 * y + 131.35250912493976 * k - 190.9453302588951) + y * (4.444339102852739 * y + 9.8632861493405 * k - 24.86741582555878) + k * (-20.737325471181034 * k - 187.80453709719578);
  rgb[2] = 255 + c * (0.8842522430003296 * c + 8.078677503112928 * m + 30.89978309703729 * y - 0.23883238689178934 * k + -14.183576799673286) + m * (10.49593273432072 * m + 63.02378494754052 * y + 50.606957656360734 * k - 112.23884253719248) + y * (0.03296041114873217 * y + 115.60384449646641 * k + -193.58209356861505) + k * (-22.33816807309886 * k - 180.12613974708367);
}

/** True if the first `count` of `args` in `space` convert to #ffffff as pdf.js converts them. */
export function isWhiteColour(space: ColourSpace, args: ArrayLike<number>, count: number): boolean {
  // Missing components read as undefined in pdf.js and become 0 in the byte array (as NaN does).
  const a = (i: number): number => (i < count ? args[i]! : NaN);
  if (space === 'gray') rgb[0] = rgb[1] = rgb[2] = a(0) * 255;
  else if (space === 'rgb') {
    rgb[0] = a(0) * 255;
    rgb[1] = a(1) * 255;
    rgb[2] = a(2) * 255;
  } else if (space === 'cmyk') cmykToRgb(a(0), a(1), a(2), a(3));
  else return false;
  return rgb[0] === 255 && rgb[1] === 255 && rgb[2] === 255;
}

/** The first `count` of `args` as 0-255 RGB (pdf.js's conversion for device spaces), or null for spaces we cannot convert. */
export function toRgb(space: ColourSpace, args: ArrayLike<number>, count: number): [number, number, number] | null {
  if (space === 'pattern' || space === 'other') return null;
  const a = (i: number): number => (i < count ? args[i]! : 0);
  if (space === 'gray') rgb[0] = rgb[1] = rgb[2] = a(0) * 255;
  else if (space === 'rgb') {
    rgb[0] = a(0) * 255;
    rgb[1] = a(1) * 255;
    rgb[2] = a(2) * 255;
  } else cmykToRgb(a(0), a(1), a(2), a(3));
  return [rgb[0]!, rgb[1]!, rgb[2]!];
}
