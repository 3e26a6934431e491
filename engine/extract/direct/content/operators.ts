/**
 * The content-stream operators pdf.js knows (its EvaluatorPreprocessor.opMap),
 * with the operand counts it checks. The lexer needs the list to split run-on
 * operators ("BTq" is BT then q) the way pdf.js does.
 */

/** Operand count of an operator (`variable`: up to `args`), and its index in OPERATORS. */
export type OpSpec = { args: number; variable: boolean; code: number };

const FIXED: Record<string, number> = {
  w: 1, J: 1, j: 1, M: 1, d: 2, ri: 1, i: 1, gs: 1, q: 0, Q: 0, cm: 6,
  m: 2, l: 2, c: 6, v: 4, y: 4, h: 0, re: 4,
  S: 0, s: 0, f: 0, F: 0, 'f*': 0, B: 0, 'B*': 0, b: 0, 'b*': 0, n: 0, W: 0, 'W*': 0,
  BT: 0, ET: 0, Tc: 1, Tw: 1, Tz: 1, TL: 1, Tf: 2, Tr: 1, Ts: 1, Td: 2, TD: 2, Tm: 6, 'T*': 0,
  Tj: 1, TJ: 1, "'": 1, '"': 3, d0: 2, d1: 6, CS: 1, cs: 1,
  G: 1, g: 1, RG: 3, rg: 3, K: 4, k: 4, sh: 1, BI: 0, ID: 0, EI: 1, Do: 1,
  MP: 1, DP: 2, BMC: 1, BDC: 2, EMC: 0, BX: 0, EX: 0,
};
const VARIABLE: Record<string, number> = { SC: 4, SCN: 33, sc: 4, scn: 33 };
/** Prefixes pdf.js lists so that the lexer keeps reading `true`, `false`, `null`. */
const PREFIXES = ['BM', 'BD', 'true', 'fa', 'fal', 'fals', 'false', 'nu', 'nul', 'null'];

const SPECS = new Map<string, OpSpec>();
for (const [k, n] of Object.entries(FIXED)) SPECS.set(k, { args: n, variable: false, code: SPECS.size });
for (const [k, n] of Object.entries(VARIABLE)) SPECS.set(k, { args: n, variable: true, code: SPECS.size });
const KNOWN = new Set<string>([...SPECS.keys(), ...PREFIXES]);

/** Every real operator's name, at the index that is its code. */
export const OPERATORS: readonly string[] = [...SPECS.keys()];

/** The operand rule of a real operator, or undefined for anything pdf.js would skip as unknown. */
export function opSpec(op: string): OpSpec | undefined {
  return SPECS.get(op);
}

/** True if pdf.js's lexer treats `word` as a (possibly partial) known command. */
export function isKnownCommand(word: string): boolean {
  return KNOWN.has(word);
}
