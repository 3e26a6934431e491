/**
 * The run of one content stream (a page or a form XObject): its resources,
 * its state stack, the path under construction and the text item builder,
 * plus what all streams of a page share (objects, fonts, rules, the sink).
 */
import type { Box, Rule, Stroke } from '../../../model.ts';
import type { Mark } from '../../bullet-marks.ts';
import { isDict, type PdfDict, type PdfValue } from '../../pdf-objects/values.ts';
import type { TextItems } from '../text-items.ts';
import { Unsupported, type FontLoader, type ObjectSource, type TextContent } from '../types.ts';
import type { GraphicsState } from './graphics-state.ts';
import type { Operation } from './operation.ts';
import type { PaintLog } from './paint-state.ts';
import type { PictureLog } from './picture-log.ts';

/** What every content stream of one page shares. */
export type PageRun = {
  objects: ObjectSource;
  fonts: FontLoader;
  viewBox: readonly number[];
  sink: TextContent;
  rules: Rule[];
  /** Small closed shapes that may be list bullets (bullet-marks.ts). */
  marks: Mark[];
  /** Curved or slanted strokes, at most MAX_DRAWN (drawn-strokes.ts). */
  drawn: Stroke[];
  /** Filled rectangles thicker than a rule, at most MAX_SHADED (shaded-fills.ts). */
  shaded: Box[];
  /** References of the form XObjects being run (to refuse cycles). */
  forms: Set<string>;
  /** Operations run so far, forms included. */
  operations: number;
  /** What is painted besides text (forms included): the OCR decision asks whether there is anything to read. */
  ink: Ink;
  /** What was painted where and in which order, to judge hidden text (paint-log.ts). */
  paint: PaintLog;
  /** The image XObjects painted, while nothing else is (picture-log.ts). */
  pictures: PictureLog;
};

/** Images (XObjects and inline) and painted paths on a page. */
export type Ink = { images: number; paths: number };

/** One content stream being run. */
export type Frame = {
  page: PageRun;
  resources: PdfDict;
  g: GraphicsState;
  stack: GraphicsState[];
  /** pdf.js's path buffer (DrawOPS codes and coordinates), shared across q/Q, fresh per form. */
  path: number[];
  currentX: number;
  currentY: number;
  items: TextItems;
  /** `W`/`W*` seen: the next painting operator also clips to its path. */
  clipNext: boolean;
  /** Per open BMC/BDC of this stream: whether it opened a hidden optional-content level. */
  marked: boolean[];
  /** Form XObjects this stream is nested in (0 for the page's own). */
  depth: number;
};

/** What an operator does to the stream being run. */
export type OpHandler = (f: Frame, o: Operation) => void;
/** Operators by name, with what each does (text-ops.ts, path-ops.ts, …). */
export type OpHandlers = Readonly<Record<string, OpHandler>>;

/** The raw entry `name` of the resource category `category` (`/Font`, `/XObject`, …); Unsupported when missing. */
export function resource(f: Frame, category: string, name: string): PdfValue {
  const dict = f.page.objects.lookup(f.resources, category);
  if (!isDict(dict)) throw new Unsupported(`no /${category} resources`);
  const v = dict.map.get(name);
  if (v === undefined) throw new Unsupported(`missing /${category} resource ${name.slice(0, 40)}`);
  return v;
}
