/**
 * Content bytes → operations (operator plus operands), as pdf.js's Parser
 * and EvaluatorPreprocessor.read deliver them: arrays and dictionaries are
 * built, `num gen R` becomes a reference, a bare `null` operand is dropped,
 * inline images are skipped. Where pdf.js would warn and carry on with
 * shuffled operands (wrong operand counts, unknown operators) we give up.
 */
import type { PdfDict, PdfValue } from '../../pdf-objects/values.ts';
import { Unsupported } from '../types.ts';
import { ContentLexer, EOF, type Cmd, type Token } from './content-lexer.ts';
import { skipInlineImage } from './inline-image.ts';

/** pdf.js refuses more operands than this. */
const MAX_ARGS = 33;
/** Nesting of arrays and dictionaries inside one operand. */
const MAX_DEPTH = 32;

/** One operation; `args` is reused by the next read. */
export type Operation = { op: string; args: readonly PdfValue[] };

/** The operands of an operation that has none: shared, and frozen so that no reader can add to it. */
const NO_ARGS: readonly PdfValue[] = Object.freeze([]);

function isCommand(t: Token): t is Cmd {
  return typeof t === 'object' && t !== null && !Array.isArray(t) && t.kind === 'cmd';
}

/** Reads operations one at a time. */
export class ContentParser {
  private readonly lexer: ContentLexer;
  private readonly operation: Operation = { op: '', args: NO_ARGS };
  /**
   * The operands read so far, the first `count` of `operands`. The array is
   * never emptied: V8 drops an array's storage when its length is set to 0,
   * so emptying it per operation allocated it anew for every operation.
   */
  private readonly operands: PdfValue[] = [];
  private count = 0;
  /**
   * One array per operand count, handed out as `args` and overwritten by the
   * next operation with as many operands. Cutting `operands` to length
   * instead was a call into the runtime on every operation, the parser's
   * largest cost.
   */
  private readonly byCount: PdfValue[][] = [];
  /** Inline images skipped so far (BI … ID … EI). */
  inlineImages = 0;
  constructor(bytes: Uint8Array) {
    this.lexer = new ContentLexer(bytes);
  }

  /** The next operation, or null at the end of the data. */
  read(): Operation | null {
    this.count = 0;
    for (;;) {
      const t = this.lexer.next();
      // Most tokens are numbers: operands, taken before any other test.
      if (typeof t === 'number') {
        this.push(t);
        continue;
      }
      if (t === EOF) {
        if (this.count > 0) throw new Unsupported('operands without an operator at the end');
        return null;
      }
      if (!isCommand(t)) {
        if (t !== null) this.push(t);
        continue;
      }
      const value = this.structured(t.cmd, 0);
      if (value !== undefined) {
        this.push(value);
        continue;
      }
      if (t.cmd === 'BI') {
        this.inlineImage();
        this.count = 0;
        continue;
      }
      const spec = t.spec;
      if (!spec) throw new Unsupported(`unknown operator ${t.cmd.slice(0, 20)}`);
      const n = this.count;
      if (spec.variable ? n > spec.args : n !== spec.args) {
        throw new Unsupported(`${t.cmd} with ${n} operands`);
      }
      this.operation.op = t.cmd;
      if (n === 0) this.operation.args = NO_ARGS;
      else this.operation.args = this.argsOf(n);
      return this.operation;
    }
  }

  /** The first `n` operands, copied into the array kept for `n` operands. */
  private argsOf(n: number): PdfValue[] {
    let args = this.byCount[n];
    if (!args) {
      args = this.operands.slice(0, n);
      this.byCount[n] = args;
      return args;
    }
    for (let i = 0; i < n; i++) args[i] = this.operands[i]!;
    return args;
  }

  private push(v: PdfValue): void {
    if (this.count < this.operands.length) this.operands[this.count] = v;
    else this.operands.push(v);
    if (++this.count > MAX_ARGS) throw new Unsupported('too many operands');
  }

  /** An array or dictionary opened by `cmd`; undefined when `cmd` opens neither. */
  private structured(cmd: string, depth: number): PdfValue | undefined {
    if (cmd !== '[' && cmd !== '<<') return undefined;
    if (depth > MAX_DEPTH) throw new Unsupported('operand nested too deeply');
    return cmd === '[' ? this.array(depth) : this.dict(depth, '>>');
  }

  /** One value inside an array or dictionary; `close` ends the container (returned as undefined). */
  private value(depth: number, close: string): PdfValue | undefined {
    const t = this.lexer.next();
    if (t === EOF) throw new Unsupported('end of content inside an operand');
    if (!isCommand(t)) return t;
    if (t.cmd === close) return undefined;
    const v = this.structured(t.cmd, depth + 1);
    if (v === undefined) throw new Unsupported(`operator ${t.cmd.slice(0, 20)} inside an operand`);
    return v;
  }

  private array(depth: number): PdfValue[] {
    const out: PdfValue[] = [];
    for (;;) {
      const t = this.lexer.next();
      if (t === EOF) throw new Unsupported('end of content inside an array');
      if (isCommand(t)) {
        if (t.cmd === ']') return out;
        if (t.cmd === 'R') {
          reference(out);
          continue;
        }
        const v = this.structured(t.cmd, depth + 1);
        if (v === undefined) throw new Unsupported(`operator ${t.cmd.slice(0, 20)} inside an array`);
        out.push(v);
      } else out.push(t);
    }
  }

  /** Key/value pairs up to `end` (`>>`, or `ID` for an inline image). */
  private dict(depth: number, end: string): PdfDict {
    const map = new Map<string, PdfValue>();
    for (;;) {
      const k = this.lexer.next();
      if (isCommand(k) && k.cmd === end) return { kind: 'dict', map };
      if (typeof k !== 'object' || k === null || Array.isArray(k) || k.kind !== 'name') {
        throw new Unsupported('dictionary key is not a name');
      }
      const v = this.value(depth, end);
      if (v === undefined) throw new Unsupported('dictionary key without a value');
      // `num gen R` inside a dictionary: the numbers were read as the value and the next key slot.
      map.set(k.name, v);
      this.fixReference(map, k.name);
    }
  }

  /** Turns `/K 12 0 R` into a reference (the lexer sees 12, then 0 and R as the "next key"). */
  private fixReference(map: Map<string, PdfValue>, key: string): void {
    const v = map.get(key);
    if (typeof v !== 'number' || !Number.isInteger(v) || v < 0) return;
    const save = this.lexer.pos;
    const gen = this.lexer.next();
    const r = typeof gen === 'number' && Number.isInteger(gen) && gen >= 0 ? this.lexer.next() : EOF;
    if (isCommand(r) && r.cmd === 'R') map.set(key, { kind: 'ref', num: v, gen: gen as number });
    else this.lexer.pos = save;
  }

  private inlineImage(): void {
    const dict = this.dict(0, 'ID');
    this.inlineImages++;
    this.lexer.pos = skipInlineImage(this.lexer.bytes, this.lexer.pos, dict);
  }
}

/** `num gen R` at the end of an array: replaces the two numbers with a reference. */
function reference(out: PdfValue[]): void {
  const gen = out[out.length - 1];
  const num = out[out.length - 2];
  if (typeof num !== 'number' || typeof gen !== 'number' || !Number.isInteger(num) || !Number.isInteger(gen) || num < 0 || gen < 0) {
    throw new Unsupported('R without a reference');
  }
  out.length -= 2;
  out.push({ kind: 'ref', num, gen });
}
