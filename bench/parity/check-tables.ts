/**
 * Compares the direct reader's glyph list, base encodings and CFF standard strings with the tables
 * in the installed pdf.js worker (read as text), since the direct reader must
 * agree with pdf.js name for name (and the Type 3 name pattern must match none of its names). Rerun after a pdfjs-dist upgrade.
 *
 * usage: node bench/parity/check-tables.ts   (exit code 1 when a table differs)
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import { CFF_STANDARD_STRINGS } from '../../engine/extract/direct/fonts/cff-standard-strings.ts';
import { MAC_ROMAN_ENCODING, STANDARD_ENCODING, WIN_ANSI_ENCODING, type Encoding } from '../../engine/extract/direct/fonts/encodings.ts';
import { knownGlyphNames, knownGlyphUnicode, uniNameUnicode } from '../../engine/extract/direct/fonts/glyph-names.ts';
import { OUTSIDE_GLYPH_LIST } from '../../engine/extract/direct/fonts/type3-names.ts';

/** The pdf.js worker's source, where its tables are. */
const readWorker = () => fs.readFileSync(createRequire(import.meta.url).resolve('pdfjs-dist/legacy/build/pdf.worker.mjs'), 'latin1');

/** A `const NAME = [...]` array of strings in the worker. */
function pdfjsArray(worker: string, name: string): string[] {
  const m = new RegExp(`const ${name} = (\\[[^\\]]*\\]);`).exec(worker);
  if (!m) throw new Error(`${name} not found`);
  return JSON.parse(m[1]!) as string[];
}
const pdfjsEncoding = pdfjsArray;

function pdfjsGlyphs(worker: string): Map<string, number> {
  const start = worker.indexOf('const getGlyphsUnicode = ');
  const body = worker.slice(start, worker.indexOf('\n});', start));
  const out = new Map<string, number>();
  for (const m of body.matchAll(/t(?:\.([A-Za-z0-9_]+)|\["([^"]+)"\]) = (0x[0-9a-f]+);/g)) out.set(m[1] ?? m[2]!, parseInt(m[3]!, 16));
  return out;
}

/** Every disagreement between our tables and pdf.js's. */
function checkTables(worker: string): { problems: string[]; summary: string } {
  const problems: string[] = [];
  for (const [name, ours] of [['StandardEncoding', STANDARD_ENCODING], ['WinAnsiEncoding', WIN_ANSI_ENCODING], ['MacRomanEncoding', MAC_ROMAN_ENCODING]] as [string, Encoding][]) {
    const theirs = pdfjsEncoding(worker, name);
    for (let c = 0; c < 256; c++) if ((theirs[c] ?? '') !== ours[c]) problems.push(`${name}[${c}]: ${theirs[c]} vs ${ours[c]}`);
  }
  const glyphs = pdfjsGlyphs(worker);
  let names = 0;
  for (const [name, code] of glyphs) {
    const mine = knownGlyphUnicode(name);
    if (mine !== undefined) names++;
    if (mine !== undefined && mine !== code) problems.push(`glyph ${name}: ${code.toString(16)} vs ${mine.toString(16)}`);
    // Type 3 fonts read names of this form by pdf.js's guesses, sure that its table lacks them (type3-names.ts).
    if (OUTSIDE_GLYPH_LIST.test(name)) problems.push(`pdf.js glyph name of the form read as a code: ${name}`);
    const uni = uniNameUnicode(name);
    if (uni !== -1 && uni !== code) problems.push(`uni-form name in pdf.js table: ${name} = ${code.toString(16)}, rule gives ${uni.toString(16)}`);
  }
  for (const n of knownGlyphNames()) if (!glyphs.has(n)) problems.push(`our name not in pdf.js table: ${n}`);
  const strings = pdfjsArray(worker, 'CFFStandardStrings');
  for (let i = 0; i < Math.max(strings.length, CFF_STANDARD_STRINGS.length); i++) {
    if (strings[i] !== CFF_STANDARD_STRINGS[i]) problems.push(`CFF standard string ${i}: ${strings[i]} vs ${CFF_STANDARD_STRINGS[i]}`);
  }
  for (const enc of [STANDARD_ENCODING, WIN_ANSI_ENCODING, MAC_ROMAN_ENCODING]) {
    for (const n of enc) if (n && knownGlyphUnicode(n) === undefined) problems.push(`encoding name not in our table: ${n}`);
  }
  return { problems, summary: `pdf.js glyph names: ${glyphs.size}; ours checked: ${names}; problems: ${problems.length}` };
}

if (import.meta.main) {
  const { problems, summary } = checkTables(readWorker());
  console.log(summary);
  for (const p of problems) console.log(p);
  if (problems.length) process.exitCode = 1;
}
