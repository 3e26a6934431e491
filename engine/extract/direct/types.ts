/**
 * The contracts of the direct text reader: a fast path that reads a page's
 * text and rules straight from the PDF objects instead of through pdf.js.
 * Whatever it cannot read exactly as pdf.js would throws `Unsupported`, and
 * the caller reads that page with pdf.js instead, so the
 * direct reader only ever has to be right, never complete.
 */
import type { Matrix } from '../../geometry.ts';
import type { GlyphKind } from './text-unicode.ts';
import type { PdfDict, PdfValue } from '../pdf-objects/values.ts';
import type { ShownGlyphs } from '../monospace-spaces.ts';
import type { HiddenTextKind } from '../../types.ts';

/** The direct reader cannot handle this input; the caller falls back to pdf.js. */
export class Unsupported extends Error {
  override name = 'Unsupported';
}

/** An affine matrix [a b c d e f], as in PDF (shared with the rest of the engine). */
export type { Matrix };

/** One glyph of a shown string, as pdf.js's Font.charsToGlyphs yields it. */
export type Glyph = {
  /** The glyph's Unicode text (pdf.js `glyph.unicode`); may be several characters (ligatures) or ''. */
  unicode: string;
  /** Advance in glyph space (1000 units per em for all but Type3 fonts); times fontMatrix[0] × font size gives text space. */
  width: number;
  /** A single-byte code 32: word spacing (Tw) applies to it. */
  isSpace: boolean;
  /** glyphKind(unicode), when the font worked it out once for the code (else the text reader does, per glyph). */
  kind?: GlyphKind;
};

/**
 * pdf.js's getCurrentTextTransform for a Type 3 font: the text matrix's
 * height is multiplied by `scale` (the font box's height times FontMatrix
 * d) when the font size is at most 1, or always when `charBBox` (the box
 * grew from the glyphs' boxes).
 */
export type Type3Height = { readonly scale: number; readonly charBBox: boolean };

/** A font as the text reader needs it; mirrors the pdf.js Font fields that getTextContent reads. */
export interface FontDecoder {
  /** Unique in the document; used as a text item's `fontName` and as the key of its style. */
  readonly id: string;
  /** The font's name as pdf.js reports it (BaseFont, subset tag kept), the main signal for bold/italic/monospace. */
  readonly name: string;
  /** pdf.js Font.bold / italic / isMonospace (flags, not name heuristics). */
  readonly bold: boolean;
  readonly italic: boolean;
  readonly monospace: boolean;
  /** pdf.js Font.fallbackName, reported as the style's fontFamily ('serif', 'sans-serif', 'monospace'). */
  readonly fallbackName: string;
  /** Em fractions as pdf.js reports them in text styles (ascent > 0, descent < 0; NaN when a Type 1 descriptor omits them, as in pdf.js). */
  readonly ascent: number;
  readonly descent: number;
  /** Glyph space → text space; [0.001, 0, 0, 0.001, 0, 0] for all but Type3 fonts. */
  readonly fontMatrix: Matrix;
  /** Type 3 fonts whose text pdf.js stretches vertically (fonts/type3-height.ts); absent for all others. */
  readonly type3Height?: Type3Height;
  /** A Type 3 font of numbered glyphs, whose text is invented (../glyph-ordinals.ts); absent for all others. */
  readonly unmapped?: true;
  /** Splits a shown string (raw bytes, one char per byte) into glyphs, in a new array. */
  glyphs(bytes: string): Glyph[];
  /**
   * Like glyphs, but of the raw bytes [from, to) of `bytes` (a shown string
   * as the content lexer decoded it, never copied into a JS string), and
   * written to out[0..n), returning n. `out` is never cut to length
   * (entries past n are stale): setting an array's length is a call into
   * the runtime, and this runs once per shown string.
   */
  decode(bytes: Uint8Array, from: number, to: number, out: Glyph[]): number;
}

/**
 * Resolves the font a `Tf` names. `font` is the value in the resources' /Font
 * dictionary (a reference or a dictionary). Implementations cache by
 * reference, and throw Unsupported for fonts pdf.js would read differently.
 */
export type FontLoader = (font: PdfValue) => FontDecoder;

/** A text item, field for field what pdf.js getTextContent yields (transform in PDF user space). */
export type TextItem = {
  str: string;
  dir: 'ltr' | 'rtl' | 'ttb';
  width: number;
  height: number;
  transform: Matrix;
  fontName: string;
  hasEOL: boolean;
  /** Why the item is never seen, when it is not (content/paint-log.ts). */
  hidden?: HiddenTextKind;
};

/** A marked-content boundary, as pdf.js yields them with `includeMarkedContent` (id is `mc<MCID>`). */
export type MarkedItem =
  | { type: 'beginMarkedContent'; tag: string | null }
  | { type: 'beginMarkedContentProps'; tag: string | null; id: string | null }
  | { type: 'endMarkedContent' };

/** What pdf.js puts in `textContent.styles` for a font. */
export type TextStyle = { fontFamily: string; ascent: number; descent: number; vertical: boolean };

/**
 * A page's text content in pdf.js's shape, plus what pdf.js does not give:
 * the glyphs shown, with their gaps (monospace-spaces.ts).
 */
export type TextContent = {
  items: (TextItem | MarkedItem)[];
  styles: Record<string, TextStyle>;
  glyphs?: ShownGlyphs;
  /** Stretches of text dropped for lying outside the view (crop) box, as pdf.js drops them. */
  outside?: number;
};

/** What a content stream needs from the document: its objects, decoded. */
export interface ObjectSource {
  /** Follows references to a direct value. */
  resolve(v: PdfValue | undefined): PdfValue | undefined;
  /** `dict[key]` with references followed. */
  lookup(dict: PdfDict, key: string): PdfValue | undefined;
  /** The decoded data of the stream object `v` refers to, and its dictionary; throws Unsupported if it cannot be read. */
  stream(v: PdfValue | undefined): { dict: PdfDict; data: Uint8Array };
}
