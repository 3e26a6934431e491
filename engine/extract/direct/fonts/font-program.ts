/**
 * What the embedded font program changes in pdf.js's view of a font. pdf.js
 * decides the program's kind from its first bytes, not from the key it sits
 * under; we accept Type 1 programs (FontFile) and TrueType programs
 * (FontFile2) where that agrees with the font's subtype, and bare CFF
 * programs (FontFile3 /Type1C) under a Type 1 font, whose text is then read
 * as pdftotext reads it (glyph-name-text.ts). A Type 1 or CFF program's
 * /FontMatrix replaces the font matrix and rescales every width, so one other
 * than the usual 1/1000 is refused.
 */
import { isDict, isName, type PdfDict } from '../../pdf-objects/values.ts';
import { Unsupported, type ObjectSource } from '../types.ts';
import { looksLikeCff, readCffProgram } from './cff-program.ts';
import { trueTypeMetrics } from './truetype-metrics.ts';
import { type1BuiltinEncoding, type BuiltinEncoding } from './type1-builtin-encoding.ts';

/** The kinds of embedded program we read around. */
export type ProgramKind = 'type1' | 'truetype';

/**
 * What the program overrides: a TrueType program's ascent and descent, a Type 1
 * or CFF program's built-in encoding (null where it has none); `cff` for a CFF program.
 */
export type ProgramFacts = { metrics: { ascent: number; descent: number } | null; builtin: BuiltinEncoding | null; cff: boolean };

/** The program kind pdf.js would detect from the data's first bytes. */
function detect(data: Uint8Array): string {
  const head = String.fromCharCode(...data.subarray(0, 4));
  if (head === '\x00\x01\x00\x00' || head === 'true') return 'truetype';
  if (head === 'ttcf') return 'collection';
  if (head === 'OTTO') return 'opentype';
  if ((data[0] === 0x25 && data[1] === 0x21) || (data[0] === 0x80 && data[1] === 0x01)) return 'type1';
  return 'other';
}

/**
 * A font matrix that keeps 1/1000 em as the glyph unit: [0.001 0 c 0.001 0 0].
 * A skew alone (c, a slanted face such as CMSL) leaves every advance and the em as they are.
 */
const standardMatrix = (v: number[]) => v.length === 6 && v[0] === 0.001 && v[1] === 0 && v[3] === 0.001 && v[4] === 0 && v[5] === 0;

/** The number list of a PostScript array body, as pdf.js's readNumberArray parses it. */
function numbers(body: string): number[] {
  return body.trim().split(/\s+/).filter((t) => t !== '').map((t) => parseFloat(t));
}

/**
 * True if every /FontMatrix in the cleartext part of a Type 1 program is
 * [0.001 0 c 0.001 0 0] (or there is none): the text reader uses only its
 * scale, as pdf.js does for all but Type 3 fonts. The region searched reaches past
 * both /Length1 and `eexec`, so it covers whatever pdf.js takes as the header.
 */
function type1MatrixIsStandard(data: Uint8Array, length1: unknown): boolean {
  const text = Buffer.from(data.buffer, data.byteOffset, data.byteLength).toString('latin1');
  const eexec = text.indexOf('eexec');
  const end = Math.max(typeof length1 === 'number' ? length1 : 0, eexec < 0 ? text.length : eexec + 5);
  const header = text.slice(0, end + 6);
  for (const m of header.matchAll(/\/FontMatrix\s*([[{])([^\]}]*)[\]}]/g)) {
    if (!standardMatrix(numbers(m[2]!))) return false;
  }
  return true;
}

/**
 * Checks the embedded program of a font whose subtype expects `kind`, and
 * throws Unsupported unless pdf.js would read it as that kind with the
 * standard font matrix. Non-embedded fonts are refused: pdf.js substitutes
 * its own font files for them, with their own metrics and encodings.
 * Returns what the program overrides.
 */
export function checkProgram(objects: ObjectSource, descriptor: PdfDict, kind: ProgramKind): ProgramFacts {
  let key: string | undefined;
  for (const k of ['FontFile', 'FontFile2', 'FontFile3']) {
    if (objects.lookup(descriptor, k)) {
      key = k;
      break;
    }
  }
  if (key === undefined) throw new Unsupported('font not embedded');
  const { dict, data } = objects.stream(descriptor.map.get(key));
  if (data.length === 0) throw new Unsupported('empty font program');
  if (key === 'FontFile3') return cffProgram(objects, dict, data, kind);
  const found = detect(data);
  if (found !== kind) throw new Unsupported(`font program is ${found}, font expects ${kind}`);
  if (kind === 'type1' && !type1MatrixIsStandard(data, isDict(dict) ? objects.lookup(dict, 'Length1') : undefined)) {
    throw new Unsupported('Type 1 program with a non-standard FontMatrix');
  }
  return kind === 'truetype' ? { metrics: trueTypeMetrics(data), builtin: null, cff: false } : { metrics: null, builtin: type1BuiltinEncoding(data), cff: false };
}

/** A FontFile3 program: only a bare CFF (/Subtype /Type1C) under a Type 1 font is read. */
function cffProgram(objects: ObjectSource, dict: PdfDict, data: Uint8Array, kind: ProgramKind): ProgramFacts {
  const subtype = objects.lookup(dict, 'Subtype');
  if (kind !== 'type1' || !isName(subtype, 'Type1C') || !looksLikeCff(data)) {
    throw new Unsupported(`FontFile3 program ${isName(subtype) ? subtype.name : '?'} under a ${kind} font`);
  }
  const cff = readCffProgram(data);
  if (cff.fontMatrix && !standardMatrix(cff.fontMatrix)) throw new Unsupported('CFF program with a non-standard FontMatrix');
  return { metrics: null, builtin: cff.builtin, cff: true };
}
