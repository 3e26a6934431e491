/**
 * One operation read from a content stream: its operator and its operands
 * on a typed stack. Numbers sit unboxed in a Float64Array and strings as
 * byte ranges of the lexer's byte sink; only names, arrays and dictionaries
 * are objects. Most operations are numbers and a short string (`Td`, `Tj`,
 * `cm`, `re`), and read this way they allocate nothing.
 */
import { latin1, type ByteSink } from '../../pdf-objects/pdf-string.ts';
import { isName, type PdfValue } from '../../pdf-objects/values.ts';
import { Unsupported } from '../types.ts';
import { NUMBER, STRING, VALUE } from './content-lexer.ts';
import { Elements } from './elements.ts';

/** pdf.js refuses more operands than this. */
export const MAX_ARGS = 33;

/** The kind of an array operand (besides NUMBER, STRING and VALUE of content-lexer.ts): its elements are [from, to) of `elements`. */
export const ARRAY = 5;


/** One operation; the parser overwrites it with the next. */
export class Operation {
  /** The operator, one of OPERATORS (operators.ts), and its index there. */
  op = '';
  code = 0;
  /** Operands read, and how many of them are not numbers. */
  count = 0;
  others = 0;
  /** Per operand: its kind, and its value in the store of that kind. */
  readonly kinds = new Uint8Array(MAX_ARGS + 1);
  /** NUMBER operands. */
  readonly nums = new Float64Array(MAX_ARGS + 1);
  /** STRING operands: bytes [from, to) of `strings.buf`; ARRAY operands: elements [from, to). */
  readonly from = new Int32Array(MAX_ARGS + 1);
  readonly to = new Int32Array(MAX_ARGS + 1);
  /** VALUE operands (entries of other kinds are stale). */
  readonly values: PdfValue[] = new Array<PdfValue>(MAX_ARGS + 1).fill(null);
  readonly strings: ByteSink;
  /** The elements of ARRAY operands. */
  readonly elements = new Elements();

  constructor(strings: ByteSink) {
    this.strings = strings;
  }

  /** Operand `i` as a PdfValue (a string becomes a PdfString), undefined past the last. */
  value(i: number): PdfValue | undefined {
    if (i >= this.count) return undefined;
    const kind = this.kinds[i];
    if (kind === NUMBER) return this.nums[i]!;
    if (kind === STRING) return { kind: 'string', bytes: latin1(this.strings.buf, this.from[i]!, this.to[i]!) };
    if (kind === ARRAY) return this.elements.array(this.from[i]!, this.to[i]!, this.strings);
    return this.values[i]!;
  }

  /** All operands as PdfValues, in a new array. */
  get args(): PdfValue[] {
    const out: PdfValue[] = [];
    for (let i = 0; i < this.count; i++) out.push(this.value(i)!);
    return out;
  }

  /** The numeric operands, or Unsupported where pdf.js would compute with non-numbers. */
  numbers(): Float64Array {
    if (this.others !== 0) throw new Unsupported('operand is not a number');
    return this.nums;
  }

  /** The name operand at `i`, or Unsupported. */
  name(i: number): string {
    const v = this.kinds[i] === VALUE && i < this.count ? this.values[i] : undefined;
    if (!isName(v)) throw new Unsupported('operand is not a name');
    return v.name;
  }

  /** Checks that operand `i` is a string (its bytes are then [from[i], to[i]) of strings.buf). */
  string(i: number): void {
    if (i >= this.count || this.kinds[i] !== STRING) throw new Unsupported('text operand is not a string');
  }
}
