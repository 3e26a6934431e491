/**
 * Stream filters for the direct reader: Flate (by far the most common for
 * content streams and CMaps) with its predictors (predictors.ts), ASCIIHex
 * and ASCII85. Anything else is Unsupported and left to pdf.js. Output is
 * capped, so a decompression bomb costs bounded memory.
 */
import { isName, type PdfDict, type PdfValue } from '../pdf-objects/values.ts';
import { hexDigit } from '../pdf-objects/pdf-string.ts';
import { inflateExact } from '../pdf-objects/inflate.ts';
import { unpredict } from './predictors.ts';
import { Unsupported } from './types.ts';

/** Decoded bytes one stream may expand to before the reader gives up on it. */
export const MAX_STREAM_BYTES = 64 * 1024 * 1024;

type Resolve = (v: PdfValue | undefined) => PdfValue | undefined;

function asList(v: PdfValue | undefined): PdfValue[] {
  if (v === undefined || v === null) return [];
  return Array.isArray(v) ? v : [v];
}

function inflate(data: Uint8Array, parms: PdfValue | undefined, maxOut: number, resolve: Resolve): Uint8Array {
  let out: Uint8Array;
  try {
    out = inflateExact(data, maxOut);
  } catch (err) {
    throw new Unsupported(`inflate: ${err instanceof Error ? err.message : String(err)}`);
  }
  return unpredict(out, parms, resolve);
}

/** ASCIIHexDecode: whitespace skipped, `>` ends the data, an odd last digit is followed by 0. */
function asciiHex(data: Uint8Array): Uint8Array {
  const out = new Uint8Array((data.length >> 1) + 1);
  let n = 0;
  let high = -1;
  for (const c of data) {
    if (c === 0x3e) break;
    const v = hexDigit(c);
    if (v < 0) continue;
    if (high < 0) high = v;
    else {
      out[n++] = (high << 4) | v;
      high = -1;
    }
  }
  if (high >= 0) out[n++] = high << 4;
  return out.subarray(0, n);
}

/** ASCII85Decode: `z` is four zeros, `~>` ends the data, a short last group is padded with `u`. */
function ascii85(data: Uint8Array): Uint8Array {
  const out = new Uint8Array(Math.ceil(data.length * 0.8) + 4);
  let n = 0;
  const group: number[] = [];
  const emit = (count: number): void => {
    let v = 0;
    for (let k = 0; k < 5; k++) v = v * 85 + (group[k] ?? 84);
    for (let k = 0; k < count; k++) out[n++] = (v >>> (24 - 8 * k)) & 0xff;
    group.length = 0;
  };
  for (const c of data) {
    if (c === 0x7e) break;
    if (c === 0x7a && group.length === 0) {
      n += 4;
      continue;
    }
    if (c < 0x21 || c > 0x75) continue;
    group.push(c - 0x21);
    if (group.length === 5) emit(4);
  }
  if (group.length > 1) emit(group.length - 1);
  return out.subarray(0, n);
}

/** Applies the stream's /Filter chain to its raw data. */
export function decodeStream(dict: PdfDict, raw: Uint8Array, resolve: Resolve, maxOut = MAX_STREAM_BYTES): Uint8Array {
  const filters = asList(resolve(dict.map.get('Filter') ?? dict.map.get('F')));
  const parms = asList(resolve(dict.map.get('DecodeParms') ?? dict.map.get('DP')));
  let data = raw;
  filters.forEach((f, i) => {
    const name = isName(resolve(f)) ? (resolve(f) as { name: string }).name : '';
    if (name === 'FlateDecode' || name === 'Fl') data = inflate(data, resolve(parms[i]), maxOut, resolve);
    else if (name === 'ASCIIHexDecode' || name === 'AHx') data = asciiHex(data);
    else if (name === 'ASCII85Decode' || name === 'A85') data = ascii85(data);
    else throw new Unsupported(`filter ${name || '?'}`);
  });
  if (data.length > maxOut) throw new Unsupported('stream over budget');
  return data;
}
