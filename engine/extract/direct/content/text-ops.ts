/**
 * The text operators, applied as pdf.js's getTextContent applies them: text
 * state changes, and shown strings handed to the text item builder (TJ
 * split exactly like pdf.js's showSpacedText).
 */
import { appendBytes, byteSink, type ByteSink } from '../../pdf-objects/pdf-string.ts';
import { isDict } from '../../pdf-objects/values.ts';
import { carriageReturn, moveText, setMatrix, type TextState } from '../text-state.ts';
import { Unsupported, type Glyph } from '../types.ts';
import { applyExtGState } from './paint-ops.ts';
import { textPaint } from './paint-log.ts';
import { resource, type Frame, type OpHandlers } from './frame.ts';
import { NUMBER, STRING } from './content-lexer.ts';
import { ARRAY, type Operation } from './operation.ts';

const IDENTITY: readonly number[] = [1, 0, 0, 1, 0, 0];

function fontOf(s: TextState) {
  if (!s.font) throw new Unsupported('text shown without a font');
  return s.font;
}

/** The glyphs of the string being shown (its first entries), refilled for each: the item builder keeps none of the array. */
const SHOWN: Glyph[] = [];

/** Shows the raw bytes [from, to) of `bytes` (no glyphs for the empty string, as pdf.js's `!chars`). */
function show(f: Frame, bytes: Uint8Array, from: number, to: number, extraSpacing: number): void {
  const s = f.g.text;
  const count = from === to ? 0 : fontOf(s).decode(bytes, from, to, SHOWN);
  if (count > 0) {
    const at = textPaint(f, s);
    f.items.paintWith(at, f.page.paint.texts[at]!.kind);
  }
  f.items.show(s, SHOWN, extraSpacing, count);
}

/** Shows the string operand `i`. */
function showOperand(f: Frame, o: Operation, i: number): void {
  o.string(i);
  show(f, o.strings.buf, o.from[i]!, o.to[i]!, 0);
}

/** The strings of a TJ gathered since its last adjustment. */
const SPACED: ByteSink = byteSink();

/** TJ: strings gather until a non-zero number, which ends an item's worth with that spacing. */
function showSpaced(f: Frame, o: Operation): void {
  if (o.kinds[0] !== ARRAY) throw new Unsupported('TJ operand is not an array');
  const s = f.g.text;
  fontOf(s);
  const spaceFactor = (-1 * s.fontSize) / 1000;
  const e = o.elements, bytes = o.strings.buf;
  // Whether any string was gathered since the last adjustment (an empty one counts).
  let pending = false;
  SPACED.end = 0;
  for (let j = o.from[0]!, end = o.to[0]!; j < end; j++) {
    const kind = e.kinds[j];
    if (kind === STRING) {
      appendBytes(SPACED, bytes, e.from[j]!, e.to[j]!);
      pending = true;
    } else if (kind === NUMBER && e.nums[j] !== 0) {
      show(f, SPACED.buf, 0, SPACED.end, e.nums[j]! * spaceFactor);
      SPACED.end = 0;
      pending = false;
    }
  }
  if (pending) show(f, SPACED.buf, 0, SPACED.end, 0);
}

/** Tf: a resource font; the same name and size again is a no-op, as in pdf.js. */
function setFont(f: Frame, o: Operation): void {
  const s = f.g.text;
  const name = o.name(0);
  const size = o.value(1);
  if (typeof size !== 'number') throw new Unsupported('Tf size is not a number');
  if (s.font && name === s.fontRes && size === s.fontSize) return;
  s.fontRes = name;
  s.fontSize = size;
  s.font = f.page.fonts(resource(f, 'Font', name));
}

/** gs: only an ExtGState /Font matters to text; it ends the current item. */
export function setGState(f: Frame, o: Operation): void {
  const gs = f.page.objects.resolve(resource(f, 'ExtGState', o.name(0)));
  if (!isDict(gs)) throw new Unsupported('ExtGState is not a dictionary');
  applyExtGState(f, gs);
  const font = f.page.objects.lookup(gs, 'Font');
  if (font === undefined || font === null) return;
  if (!Array.isArray(font) || typeof font[1] !== 'number') throw new Unsupported('ExtGState /Font is malformed');
  f.items.flush();
  const s = f.g.text;
  s.fontRes = null;
  s.fontSize = font[1];
  s.font = f.page.fonts(font[0] ?? null);
}

/** The text operators. */
export const TEXT_OPS: OpHandlers = {
  BT(f) {
    const s = f.g.text;
    setMatrix(s.textMatrix, IDENTITY);
    setMatrix(s.textLineMatrix, IDENTITY);
    f.items.beginText();
  },
  ET(f) { f.items.endText(); },
  Tf: setFont,
  Tc(f, o) { f.g.text.charSpacing = o.numbers()[0]!; },
  Tw(f, o) { f.g.text.wordSpacing = o.numbers()[0]!; },
  Tz(f, o) { f.g.text.textHScale = o.numbers()[0]! / 100; },
  TL(f, o) { f.g.text.leading = o.numbers()[0]!; },
  Ts(f, o) { f.g.text.textRise = o.numbers()[0]!; },
  Td(f, o) {
    const a = o.numbers();
    moveText(f.g.text, a[0]!, a[1]!);
  },
  TD(f, o) {
    const s = f.g.text, a = o.numbers();
    s.leading = -a[1]!;
    moveText(s, a[0]!, a[1]!);
  },
  'T*'(f) { carriageReturn(f.g.text); },
  Tm(f, o) {
    const s = f.g.text, m = o.numbers();
    setMatrix(s.textMatrix, m);
    setMatrix(s.textLineMatrix, m);
    f.items.textMatrixSet(s);
  },
  Tj(f, o) {
    fontOf(f.g.text);
    showOperand(f, o, 0);
  },
  TJ: showSpaced,
  "'"(f, o) {
    const s = f.g.text;
    fontOf(s);
    carriageReturn(s);
    showOperand(f, o, 0);
  },
  '"'(f, o) {
    const s = f.g.text;
    fontOf(s);
    const ws = o.value(0), cs = o.value(1);
    if (typeof ws !== 'number' || typeof cs !== 'number') throw new Unsupported('operand is not a number');
    o.string(2);
    s.wordSpacing = ws;
    s.charSpacing = cs;
    carriageReturn(s);
    showOperand(f, o, 2);
  },
};
