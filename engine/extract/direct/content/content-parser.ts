/**
 * Content bytes → operations (operator plus operands), as pdf.js's Parser
 * and EvaluatorPreprocessor.read deliver them: arrays and dictionaries are
 * built, `num gen R` becomes a reference, a bare `null` operand is dropped,
 * inline images are skipped. Where pdf.js would warn and carry on with
 * shuffled operands (wrong operand counts, unknown operators) we give up.
 */
import { latin1 } from '../../pdf-objects/pdf-string.ts';
import type { PdfDict, PdfValue } from '../../pdf-objects/values.ts';
import { Unsupported } from '../types.ts';
import { COMMAND, ContentLexer, EOF, NUMBER, STRING, VALUE } from './content-lexer.ts';
import { skipInlineImage } from './inline-image.ts';
import type { Elements } from './elements.ts';
import { ARRAY, MAX_ARGS, Operation } from './operation.ts';

export { Operation } from './operation.ts';

/** Nesting of arrays and dictionaries inside one operand. */
const MAX_DEPTH = 32;

/** Reads operations one at a time. */
export class ContentParser {
  private readonly lexer: ContentLexer;
  private readonly operation: Operation;
  /** Inline images skipped so far (BI … ID … EI). */
  inlineImages = 0;
  constructor(bytes: Uint8Array) {
    this.lexer = new ContentLexer(bytes);
    this.operation = new Operation(this.lexer.strings);
  }

  /** The next operation, or null at the end of the data; the operation is overwritten by the next read. */
  read(): Operation | null {
    const lexer = this.lexer, o = this.operation;
    // The strings and array elements of the last operation are done with.
    lexer.strings.end = 0;
    o.elements.count = 0;
    let n = 0, others = 0;
    for (;;) {
      const t = lexer.next();
      // Most tokens are numbers: operands, taken before any other test.
      if (t === NUMBER) {
        if (n >= MAX_ARGS) throw new Unsupported('too many operands');
        o.kinds[n] = NUMBER;
        o.nums[n++] = lexer.number;
        continue;
      }
      if (t === STRING) {
        if (n >= MAX_ARGS) throw new Unsupported('too many operands');
        o.kinds[n] = STRING;
        o.from[n] = lexer.stringFrom;
        o.to[n++] = lexer.stringTo;
        others++;
        continue;
      }
      if (t === EOF) {
        if (n > 0) throw new Unsupported('operands without an operator at the end');
        return null;
      }
      if (t === COMMAND && lexer.command.cmd === '[') {
        this.arrayOperand(n++);
        others++;
        continue;
      }
      // A name or boolean; a bare null is dropped, as pdf.js drops it.
      const value = t === VALUE ? lexer.value : this.structured(lexer.command.cmd, 0);
      if (value === null) continue;
      if (value !== undefined) {
        if (n >= MAX_ARGS) throw new Unsupported('too many operands');
        o.kinds[n] = VALUE;
        o.values[n++] = value;
        others++;
        continue;
      }
      const c = lexer.command;
      if (c.cmd === 'BI') {
        this.inlineImage();
        n = others = 0;
        continue;
      }
      const spec = c.spec;
      if (!spec) throw new Unsupported(`unknown operator ${c.cmd.slice(0, 20)}`);
      if (spec.variable ? n > spec.args : n !== spec.args) {
        throw new Unsupported(`${c.cmd} with ${n} operands`);
      }
      o.op = c.cmd;
      o.code = spec.code;
      o.count = n;
      o.others = others;
      return o;
    }
  }

  /** Reads the array operand `n`, its elements onto the operation's. */
  private arrayOperand(n: number): void {
    const o = this.operation;
    if (n >= MAX_ARGS) throw new Unsupported('too many operands');
    o.kinds[n] = ARRAY;
    o.from[n] = o.elements.count;
    this.elements();
    o.to[n] = o.elements.count;
  }

  /** An array operand's elements, read as array() reads a nested array. */
  private elements(): void {
    const lexer = this.lexer, e = this.operation.elements;
    for (;;) {
      const t = lexer.next();
      if (t === EOF) throw new Unsupported('end of content inside an array');
      if (t === NUMBER) {
        const j = e.add();
        e.kinds[j] = NUMBER;
        e.nums[j] = lexer.number;
      } else if (t === STRING) {
        const j = e.add();
        e.kinds[j] = STRING;
        e.from[j] = lexer.stringFrom;
        e.to[j] = lexer.stringTo;
      } else {
        const cmd = lexer.command.cmd;
        if (t === COMMAND && cmd === ']') return;
        if (t === COMMAND && cmd === 'R') {
          elementReference(e);
          continue;
        }
        const v = t === VALUE ? lexer.value : this.structured(cmd, 1);
        if (v === undefined) throw new Unsupported(`operator ${cmd.slice(0, 20)} inside an array`);
        const j = e.add();
        e.kinds[j] = VALUE;
        e.values[j] = v;
      }
    }
  }

  /** An array or dictionary opened by `cmd`; undefined when `cmd` opens neither. */
  private structured(cmd: string, depth: number): PdfValue | undefined {
    if (cmd !== '[' && cmd !== '<<') return undefined;
    if (depth > MAX_DEPTH) throw new Unsupported('operand nested too deeply');
    return cmd === '[' ? this.array(depth) : this.dict(depth, '>>');
  }

  /** The token just read as a value inside an array or dictionary; undefined for a command. */
  private token(t: number): PdfValue | undefined {
    const lexer = this.lexer;
    if (t === NUMBER) return lexer.number;
    if (t === STRING) return { kind: 'string', bytes: latin1(lexer.strings.buf, lexer.stringFrom, lexer.stringTo) };
    if (t === VALUE) return lexer.value;
    if (t === EOF) throw new Unsupported('end of content inside an operand');
    return undefined;
  }

  /** One value inside an array or dictionary; `close` ends the container (returned as undefined). */
  private value(depth: number, close: string): PdfValue | undefined {
    const v = this.token(this.lexer.next());
    if (v !== undefined) return v;
    const cmd = this.lexer.command.cmd;
    if (cmd === close) return undefined;
    const inner = this.structured(cmd, depth + 1);
    if (inner === undefined) throw new Unsupported(`operator ${cmd.slice(0, 20)} inside an operand`);
    return inner;
  }

  private array(depth: number): PdfValue[] {
    const out: PdfValue[] = [];
    for (;;) {
      const t = this.lexer.next();
      if (t === EOF) throw new Unsupported('end of content inside an array');
      const v = this.token(t);
      if (v !== undefined) {
        out.push(v);
        continue;
      }
      const cmd = this.lexer.command.cmd;
      if (cmd === ']') return out;
      if (cmd === 'R') {
        reference(out);
        continue;
      }
      const inner = this.structured(cmd, depth + 1);
      if (inner === undefined) throw new Unsupported(`operator ${cmd.slice(0, 20)} inside an array`);
      out.push(inner);
    }
  }

  /** Key/value pairs up to `end` (`>>`, or `ID` for an inline image). */
  private dict(depth: number, end: string): PdfDict {
    const map = new Map<string, PdfValue>();
    for (;;) {
      const t = this.lexer.next();
      if (t === COMMAND && this.lexer.command.cmd === end) return { kind: 'dict', map };
      const k = this.lexer.value;
      if (t !== VALUE || typeof k !== 'object' || k === null) throw new Unsupported('dictionary key is not a name');
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
    const lexer = this.lexer;
    const save = lexer.pos;
    if (lexer.next() === NUMBER) {
      const gen = lexer.number;
      if (Number.isInteger(gen) && gen >= 0 && lexer.next() === COMMAND && lexer.command.cmd === 'R') {
        map.set(key, { kind: 'ref', num: v, gen });
        return;
      }
    }
    lexer.pos = save;
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

/** reference() on an array operand's elements. */
function elementReference(e: Elements): void {
  const num = e.count - 2, gen = e.count - 1;
  const isIndex = (j: number) => j >= 0 && e.kinds[j] === NUMBER && Number.isInteger(e.nums[j]) && e.nums[j]! >= 0;
  if (!isIndex(num) || !isIndex(gen)) throw new Unsupported('R without a reference');
  e.count -= 2;
  const j = e.add();
  e.kinds[j] = VALUE;
  e.values[j] = { kind: 'ref', num: e.nums[num]!, gen: e.nums[gen]! };
}
