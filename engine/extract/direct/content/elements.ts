/**
 * The elements of an operation's array operands (TJ's strings and spacing
 * adjustments, most of them), kept as the operands are (operation.ts):
 * numbers in a Float64Array, strings as byte ranges of the lexer's byte
 * sink, other values as objects. A TJ then shows its strings straight from
 * the bytes they were decoded into, with no object or JS string per string.
 */
import { latin1, type ByteSink } from '../../pdf-objects/pdf-string.ts';
import type { PdfValue } from '../../pdf-objects/values.ts';
import { NUMBER, STRING } from './content-lexer.ts';

/** Room for this many elements to start with; it doubles when full. */
const FIRST_ROOM = 64;

/** The elements read for the current operation; the parser empties it (`count = 0`) per operation. */
export class Elements {
  count = 0;
  /** Per element: NUMBER, STRING or VALUE (content-lexer.ts), and its value in the store of that kind. */
  kinds = new Uint8Array(FIRST_ROOM);
  nums = new Float64Array(FIRST_ROOM);
  /** STRING elements: bytes [from, to) of the lexer's sink. */
  from = new Int32Array(FIRST_ROOM);
  to = new Int32Array(FIRST_ROOM);
  values: PdfValue[] = new Array<PdfValue>(FIRST_ROOM).fill(null);

  /** Makes room for one more element; returns its index. */
  add(): number {
    if (this.count === this.kinds.length) this.grow();
    return this.count++;
  }

  /** Elements [first, end) as a PdfValue array (a string becomes a PdfString). */
  array(first: number, end: number, strings: ByteSink): PdfValue[] {
    const out: PdfValue[] = [];
    for (let j = first; j < end; j++) {
      const kind = this.kinds[j];
      out.push(kind === NUMBER ? this.nums[j]! : kind === STRING ? { kind: 'string', bytes: latin1(strings.buf, this.from[j]!, this.to[j]!) } : this.values[j]!);
    }
    return out;
  }

  private grow(): void {
    const n = 2 * this.kinds.length;
    const kinds = new Uint8Array(n), nums = new Float64Array(n), from = new Int32Array(n), to = new Int32Array(n);
    kinds.set(this.kinds);
    nums.set(this.nums);
    from.set(this.from);
    to.set(this.to);
    this.kinds = kinds;
    this.nums = nums;
    this.from = from;
    this.to = to;
    for (let j = this.values.length; j < n; j++) this.values.push(null);
  }
}
