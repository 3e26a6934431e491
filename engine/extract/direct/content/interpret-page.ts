/**
 * The direct content-stream interpreter: runs a page's content (and the form
 * XObjects it paints) once, feeding shown text to the text item builder and
 * painted paths to the rule geometry, so one pass yields what pdf.js needs
 * getTextContent and getOperatorList for. Operators that change neither text
 * nor rules are read and ignored; what it cannot reproduce exactly throws
 * Unsupported.
 */
import type { Box, Rule, Stroke } from '../../../model.ts';
import { rulesOnPage } from '../../../tables/path-rules.ts';
import type { Mark } from '../../bullet-marks.ts';
import { isDict, isName, isString, type PdfDict, type PdfValue } from '../../pdf-objects/values.ts';
import { decodeTextString } from '../../pdf-objects/text-string.ts';
import { multiply } from '../../../geometry.ts';
import { TextItems } from '../text-items.ts';
import { Unsupported, type FontLoader, type Matrix, type ObjectSource, type TextContent } from '../types.ts';
import { ContentParser, type Operation } from './content-parser.ts';
import { resource, type Frame, type Ink, type OpHandler, type OpHandlers, type PageRun } from './frame.ts';
import { cloneGraphicsState, initialGraphicsState, type GraphicsState } from './graphics-state.ts';
import { OPERATORS } from './operators.ts';
import { PATH_OPS, STYLE_OPS } from './path-ops.ts';
import { setGState, TEXT_OPS } from './text-ops.ts';
import { judgeItems, noteImage } from './paint-log.ts';
import { beginMarkedPaint, closeMarkedPaint, endMarkedPaint, PAINT_OPS } from './paint-ops.ts';
import { paintLog } from './paint-state.ts';
import { afterImage, afterOperator, pictureLog, type PictureLog } from './picture-log.ts';

/** Form XObjects nested deeper than this are refused (pdf.js has no limit, real files stay shallow). */
const MAX_FORM_DEPTH = 16;
/** Operations one page may run, forms included: a bound on hostile content. */
const MAX_OPERATIONS = 20_000_000;

/** What a page's content is run with. */
export type PageInput = {
  /** The page's decoded content (its /Contents streams joined). */
  content: Uint8Array;
  resources: PdfDict;
  objects: ObjectSource;
  fonts: FontLoader;
  /** The page's view box in user space [x0, y0, x1, y1]. */
  viewBox: readonly number[];
  /** The viewport transform: user space → top-left page space, where rules are reported. */
  base: Matrix;
  /** True for an /OC value (optional-content group or membership dictionary) that is off; none is by default. */
  hiddenGroup?: (oc: PdfValue | undefined) => boolean;
};

/** Runs a page's content: pdf.js's text content (marked content included) and the page's rules. */
export function interpretPage(input: PageInput): { content: TextContent; rules: Rule[]; marks: Mark[]; drawn: Stroke[]; shaded: Box[]; ink: Ink; pictures: PictureLog } {
  const page: PageRun = {
    objects: input.objects, fonts: input.fonts, viewBox: input.viewBox,
    sink: { items: [], styles: {} }, rules: [], marks: [], drawn: [], shaded: [], forms: new Set(), operations: 0, ink: { images: 0, paths: 0 },
    paint: paintLog(input.base, input.viewBox, input.hiddenGroup ?? (() => false)), pictures: pictureLog(),
  };
  run(page, input.content, input.resources, initialGraphicsState(input.base), 0);
  judgeItems(page.paint, page.sink.items.length);
  return { content: page.sink, rules: rulesOnPage(page.rules, pageHeight(input.viewBox, input.base)), marks: page.marks, drawn: page.drawn, shaded: page.shaded, ink: page.ink, pictures: page.pictures };
}

/** The viewport's height: the view box's extent along the transformed y axis. */
function pageHeight(view: readonly number[], base: Matrix): number {
  const [x0 = 0, y0 = 0, x1 = 0, y1 = 0] = view;
  return base[1] === 0 ? Math.abs((y1 - y0) * base[3]) : Math.abs((x1 - x0) * base[1]);
}

function run(page: PageRun, bytes: Uint8Array, resources: PdfDict, g: GraphicsState, depth: number): void {
  const f: Frame = {
    page, resources, g, stack: [], path: [], currentX: 0, currentY: 0, items: new TextItems(page.viewBox, page.sink, page.paint.painted),
    clipNext: false, marked: [], depth,
  };
  const parser = new ContentParser(bytes);
  let inline = 0;
  for (let o = parser.read(); o; o = parser.read()) {
    if (++page.operations > MAX_OPERATIONS) throw new Unsupported('too many operations');
    if (page.pictures) page.pictures = afterOperator(page.pictures, o);
    // An inline image was skipped on the way to this operator, painted with the state before it.
    if (parser.inlineImages !== inline) {
      inline = parser.inlineImages;
      noteImage(f);
    }
    HANDLERS[o.code]!(f, o);
  }
  if (parser.inlineImages !== inline) noteImage(f);
  if (parser.inlineImages > 0) page.pictures = null;
  f.items.finish();
  closeMarkedPaint(f);
  page.ink.images += parser.inlineImages;
}

/** q, Q, cm, gs, Do and marked content. */
const STATE_OPS: OpHandlers = {
  q(f) {
    f.stack.push(f.g);
    f.g = cloneGraphicsState(f.g);
  },
  Q(f) { f.g = f.stack.pop() ?? f.g; },
  cm(f, o) {
    const a = o.numbers();
    const m: Matrix = [a[0]!, a[1]!, a[2]!, a[3]!, a[4]!, a[5]!];
    f.g.text.ctm = multiply(m, f.g.text.ctm);
    f.g.rule.ctm = multiply(m, f.g.rule.ctm);
  },
  gs: setGState,
  Do: paintXObject,
  BMC(f, o) {
    const tag = tagOf(o.value(0));
    beginMarkedPaint(f, tag, undefined);
    f.items.beginMarked(tag, undefined);
  },
  BDC(f, o) {
    const tag = tagOf(o.value(0)), props = o.value(1);
    beginMarkedPaint(f, tag, props);
    f.items.beginMarked(tag, mcidOf(f, props), actualTextOf(f, props));
  },
  EMC(f) {
    endMarkedPaint(f);
    f.items.endMarked();
  },
};

/** Everything else is ignored, as pdf.js's text and rule readers ignore it. */
const ignore: OpHandler = () => {};

/** What each operator does, by its code (operators.ts): one lookup per operation. */
const HANDLERS: readonly OpHandler[] = OPERATORS.map((op) => TEXT_OPS[op] ?? PATH_OPS[op] ?? STYLE_OPS[op] ?? PAINT_OPS[op] ?? STATE_OPS[op] ?? ignore);

function tagOf(v: PdfValue | undefined): string | null {
  return isName(v) ? v.name : null;
}

/** Characters of an /ActualText kept: a replacement for a few glyphs, not a document. */
const MAX_ACTUAL_TEXT = 1_000;

/**
 * The /ActualText of a BDC's properties (inline, or a /Properties resource),
 * the text its glyphs stand for (a ligature, a hyphen that is not in the word).
 */
function actualTextOf(f: Frame, props: PdfValue | undefined): string | undefined {
  let dict = props;
  if (isName(props)) {
    const all = f.page.objects.lookup(f.resources, 'Properties');
    dict = isDict(all) ? f.page.objects.resolve(all.map.get(props.name)) : undefined;
  }
  if (!isDict(dict)) return undefined;
  const v = f.page.objects.lookup(dict, 'ActualText');
  // Bytes cut first, so a hostile megabyte string costs nothing (four bytes cover any character).
  return isString(v) ? decodeTextString(v.bytes.slice(0, 4 * MAX_ACTUAL_TEXT)).slice(0, MAX_ACTUAL_TEXT) : undefined;
}

/** pdf.js reads an MCID only from an inline property dictionary, not from a /Properties resource name. */
function mcidOf(f: Frame, props: PdfValue | undefined): number | null {
  if (!isDict(props)) return null;
  const mcid = f.page.objects.lookup(props, 'MCID');
  return typeof mcid === 'number' && Number.isInteger(mcid) ? mcid : null;
}

/** A form's /Matrix when it is six numbers (pdf.js lookupMatrix), else none. */
function formMatrix(f: Frame, dict: PdfDict): Matrix | null {
  const m = f.page.objects.lookup(dict, 'Matrix');
  return Array.isArray(m) && m.length === 6 && m.every((x) => typeof x === 'number') ? (m as Matrix) : null;
}

/** Do: any XObject ends the current text item; forms run with a copy of the state, images are skipped. */
function paintXObject(f: Frame, o: Operation): void {
  f.items.flush();
  const depth = f.depth;
  const name = o.value(0);
  if (!isName(name)) throw new Unsupported('Do operand is not a name');
  const ref = resource(f, 'XObject', name.name);
  const dict = f.page.objects.resolve(ref);
  if (!isDict(dict)) throw new Unsupported('XObject is not a stream');
  const subtype = f.page.objects.lookup(dict, 'Subtype');
  if (!isName(subtype)) throw new Unsupported('XObject without a subtype');
  const hidden = f.page.paint.hiddenGroup(dict.map.get('OC'));
  if (subtype.name !== 'Form') {
    const shown = subtype.name === 'Image' && !hidden && f.page.paint.hiddenDepth === 0;
    f.page.pictures = afterImage(f.page.pictures, ref, shown);
    if (subtype.name === 'Image') f.page.ink.images++;
    if (subtype.name === 'Image' && !hidden) noteImage(f);
    return;
  }
  // A form clips to its box and may paint anything: pdf.js renders a page that paints one.
  f.page.pictures = null;
  if (depth >= MAX_FORM_DEPTH) throw new Unsupported('form XObjects nested too deeply');
  const key = JSON.stringify(ref);
  if (f.page.forms.has(key)) throw new Unsupported('form XObject paints itself');
  const { data } = f.page.objects.stream(ref);
  const g = cloneGraphicsState(f.g);
  const m = formMatrix(f, dict);
  if (m) {
    g.text.ctm = multiply(m, g.text.ctm);
    g.rule.ctm = multiply(m, g.rule.ctm);
  }
  const own = f.page.objects.lookup(dict, 'Resources');
  f.page.forms.add(key);
  // A form in a hidden optional-content group paints nothing: its text is hidden text.
  if (hidden) f.page.paint.hiddenDepth++;
  try {
    run(f.page, data, isDict(own) ? own : f.resources, g, depth + 1);
  } finally {
    f.page.forms.delete(key);
    if (hidden) f.page.paint.hiddenDepth--;
  }
}
