/**
 * Display mathematics laid out in columns (an equation array, a formula with
 * its number in the margin, a matrix with a fraction beside it) is no table:
 * most of its text is set in math fonts or is mathematical symbols, and it
 * holds little prose.
 */
import type { TextRun } from '../model.ts';
import type { Detected } from './table-parts.ts';
import { spansText } from './cell-text.ts';

/** TeX's and OpenType's math fonts by name (subset prefix aside): Computer Modern math, AMS symbols, Euler, the *Math faces, txfonts/pxfonts, MathTime, Symbol. */
const MATH_FONT = /(?:^|\+)(?:CMMI|CMSY|CMEX|CMBSY|MSAM|MSBM|EU[FRS][MB]|RSFS|LMMath|LatinModernMath|STIX\w*Math|XITS\w*Math|Cambria-?Math|TeXGyre\w*Math|NewCM\w*Math|Asana|Fira\w*Math|Libertinus\w*Math|(?:tx|px|nx|ntx)(?:sy|mi|ex|sys)|MTMI|MTSY|MTEX|Symbol)/i;
/** A character that is mathematics whatever its font: math alphanumerics, operators, relations, arrows, big operators. */
const MATH_CHAR = /[\u{1D400}-\u{1D7FF}=+−×÷·∑∏∫∮√∞≤≥≠≈≡∼≃∝∈∉⊂⊃⊆⊇∪∩→←↔⇒⇐⇔↦∂∇±∓∀∃∧∨¬⟨⟩‖∥⊕⊗]/u;

export type MathShares = { math: number; prose: number; chars: number };

/** Of a run set's visible characters: the share that is mathematics, and the share in words of three or more letters set in text fonts. */
export function mathShares(runs: Iterable<TextRun>): MathShares {
  let chars = 0, math = 0, prose = 0;
  for (const r of runs) {
    const mathFont = MATH_FONT.test(r.fontName);
    for (const word of r.text.split(/\s+/u)) {
      const letters = !mathFont && /^\p{L}{3,}[.,;:]?$/u.test(word);
      for (const ch of word) {
        chars++;
        if (mathFont || MATH_CHAR.test(ch)) math++;
        else if (letters) prose++;
      }
    }
  }
  return { math: chars ? math / chars : 0, prose: chars ? prose / chars : 0, chars };
}

/** Share of a table's characters that must be mathematics for it to be display math. */
const MIN_MATH_SHARE = 0.3;
/** Share of its characters in words of text at most: a table of symbols beside prose (✓ and × by feature names) stays. */
const MAX_PROSE_SHARE = 0.3;
/** Visible characters a cell holds at most to be a fragment of a formula (`=`, `∑`, a bracket piece, `mc`). */
const FRAGMENT_CHARS = 2;
/** Share of its filled cells that are fragments from which a table is a formula cut at its spaces. */
const MIN_FRAGMENT_SHARE = 0.4;
/** An equation's number, alone or beside the formula in its cell: `(3)`, `(1.1)`, `(B2a)`. */
const EQUATION_NUMBER = /(?:^|\s)\([A-Z]?\d+(?:\.\d+)*[a-z]?\)(?:\s|$)/u;

/**
 * Whether the whitespace table `t` is display mathematics set in columns: mostly mathematics, little text, and
 * either numbered as equations or cut into fragments of formulas. A table whose cells each hold a whole expression
 * (tuples `i = 4 | j = 1`, quantifiers with their definitions) stays a table.
 */
export function isDisplayMath(t: Detected): boolean {
  const s = mathShares(t.runs);
  if (s.math < MIN_MATH_SHARE || s.prose > MAX_PROSE_SHARE) return false;
  const cells = t.block.rows.flatMap((row) => row.map((c) => spansText(c.spans).trim())).filter((c) => c !== '');
  const fragments = cells.filter((c) => [...c.replace(/\s+/gu, '')].length <= FRAGMENT_CHARS).length;
  return cells.some((c) => EQUATION_NUMBER.test(c)) || fragments >= MIN_FRAGMENT_SHARE * cells.length;
}
