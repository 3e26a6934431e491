/**
 * Infers weight, slant and pitch from a font's name. pdf.js fills its bold and
 * italic flags only for non-embedded fonts, so the name is the main signal.
 */

import { visibleLength } from '../geometry.ts';

/** Style flags inferred for one font. */
export type FontStyle = { bold: boolean; italic: boolean; monospace: boolean };

const BOLD = /bold|black|heavy|semibold|demibold|extrabold|ultrabold|[-,]?(?:w[6-9])\b|medi(?:um)?\b|\bbd\b|-bd|bx\d|cmbx|lmroman\d+-bold/i;
const ITALIC = /italic|oblique|slanted|\bit\b|-it\b|cmti|cmsl|lmroman\d+-italic|kursiv/i;
/**
 * URW's abbreviated style suffixes (NimbusRomNo9L-MediItal, URWGothicL-DemiObli, CenturySchL-Ital), as TeX's
 * Times, Helvetica and Courier clones name them: capitalised words after the family's hyphen, read case-sensitively
 * so that no family name ("Digital", "Demitasse") passes for one.
 */
const URW_BOLD = /-(?:Medi|Demi|Bold)/;
const URW_ITALIC = /-[A-Za-z]*(?:Ital|Obli)(?![a-z])/;
/**
 * Linux Libertine and Biolinum (the fonts of ACM's article class) name their
 * styles by letters after the format's (T for Type 1, O for OpenType, _R):
 * B bold, Z semibold, then I italic or O oblique. LinLibertineTB is bold,
 * LinBiolinumTBO bold oblique, LinLibertineO the regular OpenType face.
 */
const LIBERTINE_BOLD = /Lin(?:Libertine|Biolinum)(?:T|O|_R)[BZ][IO]?(?![A-Za-z])/;
const LIBERTINE_ITALIC = /Lin(?:Libertine|Biolinum)(?:T|O|_R)[BZ]?[IO](?![A-Za-z])/;
const MONO = /mono|courier|code|consol|menlo|typewriter|lmmono|cmtt|\btt\d|fixed|inconsolata|sourcecodepro|dejavusansm/i;

/** Whether a font's name says it is monospaced (Courier, …Mono, cmtt…). */
export function monospaceName(name: string): boolean {
  return MONO.test(baseFontName(name));
}

/** Runs this short are code only when their font's name says monospace (see surelyMonospaced). */
const SHORT_RUN = 3;

/**
 * Whether a run is monospaced on its own evidence. pdf.js calls a font
 * monospaced when all its widths are equal, which holds for any subset of
 * one or two glyphs: a math italic "a", a superscript "2", a lone ";" in a
 * symbol font, but also a fallback glyph inside code. A short run counts only
 * when its font's name says monospace; the lines stage lets the others be
 * code only beside code.
 */
export function surelyMonospaced(run: { fontName: string; monospace: boolean; text: string }): boolean {
  return run.monospace && (visibleLength(run.text) >= SHORT_RUN || monospaceName(run.fontName));
}

/** Strips the six-letter subset tag ("ABCDEF+") pdf.js keeps in embedded font names. */
export function baseFontName(name: string): string {
  return name.replace(/^[A-Z]{6}\+/, '');
}

/** Combines name heuristics with whatever flags pdf.js reported. */
export function inferFontStyle(
  name: string,
  flags: { bold?: boolean; italic?: boolean; monospace?: boolean; family?: string },
): FontStyle {
  const base = baseFontName(name);
  return {
    bold: flags.bold === true || BOLD.test(base) || URW_BOLD.test(base) || LIBERTINE_BOLD.test(base),
    italic: flags.italic === true || ITALIC.test(base) || URW_ITALIC.test(base) || LIBERTINE_ITALIC.test(base),
    monospace: flags.monospace === true || flags.family === 'monospace' || MONO.test(base),
  };
}
