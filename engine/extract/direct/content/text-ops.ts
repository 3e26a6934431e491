/**
 * The text operators, applied as pdf.js's getTextContent applies them: text
 * state changes, and shown strings handed to the text item builder (TJ
 * split exactly like pdf.js's showSpacedText).
 */
import { isDict, isString, type PdfValue } from '../../pdf-objects/values.ts';
import { carriageReturn, moveText, setMatrix, type TextState } from '../text-state.ts';
import { Unsupported, type Glyph } from '../types.ts';
import { applyExtGState } from './paint-ops.ts';
import { textPaint } from './paint-log.ts';
import { nameArg, numbers, resource, type Frame } from './frame.ts';

const IDENTITY: readonly number[] = [1, 0, 0, 1, 0, 0];

function fontOf(s: TextState) {
  if (!s.font) throw new Unsupported('text shown without a font');
  return s.font;
}

/** The glyphs of the string being shown (its first entries), refilled for each: the item builder keeps none of the array. */
const SHOWN: Glyph[] = [];

/** Shows raw bytes (no glyphs for the empty string, as pdf.js's `!chars`). */
function show(f: Frame, bytes: string, extraSpacing: number): void {
  const s = f.g.text;
  const count = bytes === '' ? 0 : fontOf(s).decode(bytes, SHOWN);
  if (count > 0) {
    const at = textPaint(f, s);
    f.items.paintWith(at, f.page.paint.texts[at]!.kind);
  }
  f.items.show(s, SHOWN, extraSpacing, count);
}

function stringArg(args: readonly PdfValue[], i: number): string {
  const a = args[i];
  if (!isString(a)) throw new Unsupported('text operand is not a string');
  return a.bytes;
}

/** TJ: strings gather until a non-zero number, which ends an item's worth with that spacing. */
function showSpaced(f: Frame, arg: PdfValue | undefined): void {
  if (!Array.isArray(arg)) throw new Unsupported('TJ operand is not an array');
  const s = f.g.text;
  fontOf(s);
  const spaceFactor = (-1 * s.fontSize) / 1000;
  // The strings since the last adjustment, and whether there were any (an empty one counts).
  let buffer = '';
  let pending = false;
  for (let i = 0; i < arg.length; i++) {
    const item = arg[i]!;
    if (isString(item)) {
      buffer += item.bytes;
      pending = true;
    } else if (typeof item === 'number' && item !== 0) {
      show(f, buffer, item * spaceFactor);
      buffer = '';
      pending = false;
    }
  }
  if (pending) show(f, buffer, 0);
}

/** Tf: a resource font; the same name and size again is a no-op, as in pdf.js. */
function setFont(f: Frame, args: readonly PdfValue[]): void {
  const s = f.g.text;
  const name = nameArg(args, 0);
  const size = args[1];
  if (typeof size !== 'number') throw new Unsupported('Tf size is not a number');
  if (s.font && name === s.fontRes && size === s.fontSize) return;
  s.fontRes = name;
  s.fontSize = size;
  s.font = f.page.fonts(resource(f, 'Font', name));
}

/** gs: only an ExtGState /Font matters to text; it ends the current item. */
export function setGState(f: Frame, args: readonly PdfValue[]): void {
  const gs = f.page.objects.resolve(resource(f, 'ExtGState', nameArg(args, 0)));
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

/** Applies a text operator; false if `op` is not one. */
export function textOp(f: Frame, op: string, args: readonly PdfValue[]): boolean {
  const s = f.g.text;
  switch (op) {
    case 'BT':
      setMatrix(s.textMatrix, IDENTITY);
      setMatrix(s.textLineMatrix, IDENTITY);
      f.items.beginText();
      return true;
    case 'ET': f.items.endText(); return true;
    case 'Tf': setFont(f, args); return true;
    case 'Tc': s.charSpacing = numbers(args)[0]!; return true;
    case 'Tw': s.wordSpacing = numbers(args)[0]!; return true;
    case 'Tz': s.textHScale = numbers(args)[0]! / 100; return true;
    case 'TL': s.leading = numbers(args)[0]!; return true;
    case 'Ts': s.textRise = numbers(args)[0]!; return true;
    case 'Td': moveText(s, numbers(args)[0]!, (args as number[])[1]!); return true;
    case 'TD':
      s.leading = -numbers(args)[1]!;
      moveText(s, args[0] as number, args[1] as number);
      return true;
    case 'T*': carriageReturn(s); return true;
    case 'Tm': {
      const m = numbers(args);
      setMatrix(s.textMatrix, m);
      setMatrix(s.textLineMatrix, m);
      f.items.textMatrixSet(s);
      return true;
    }
    default: return showOp(f, op, args);
  }
}

function showOp(f: Frame, op: string, args: readonly PdfValue[]): boolean {
  const s = f.g.text;
  switch (op) {
    case 'Tj': fontOf(s); show(f, stringArg(args, 0), 0); return true;
    case 'TJ': showSpaced(f, args[0]); return true;
    case "'":
      fontOf(s);
      carriageReturn(s);
      show(f, stringArg(args, 0), 0);
      return true;
    case '"': {
      fontOf(s);
      const [ws, cs] = numbers(args.slice(0, 2));
      const bytes = stringArg(args, 2);
      s.wordSpacing = ws!;
      s.charSpacing = cs!;
      carriageReturn(s);
      show(f, bytes, 0);
      return true;
    }
    default: return false;
  }
}
