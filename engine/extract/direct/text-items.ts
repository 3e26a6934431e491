/**
 * Builds text items from shown glyphs exactly as pdf.js's getTextContent
 * does (keepWhiteSpace off, normalisation on, marked content included): one
 * item per run of glyphs that sit where the previous one ended, with a space
 * added for word-sized gaps, a separate " " item for larger ones and hasEOL
 * when the baseline moves. The content-stream interpreter drives it, one
 * instance per content stream; form XObjects get their own on the same sink,
 * as pdf.js's recursive getTextContent does.
 */
import { alignedPositions, advanceScale, textOrigin, textTransform } from './text-geometry.ts';
import { translateTextMatrix, type TextState } from './text-state.ts';
import { glyphKind, itemText } from './text-unicode.ts';
import { Unsupported, type Glyph, type Matrix, type TextContent, type TextItem } from './types.ts';
import type { HiddenTextKind } from '../../types.ts';
import { noteGlyph, shownGlyphs } from '../monospace-spaces.ts';
import { ActualTextSpan } from './actual-text.ts';
import { addPart, joinParts } from './item-parts.ts';
import { newChunk, setGapThresholds, type Chunk } from './text-chunk.ts';
import { notePainted, type PaintedItems } from './content/paint-state.ts';
import { magnitude } from '../../numbers.ts';

/** Reused per glyph by placeGlyph (see there). */
const CURRENT: Matrix = [0, 0, 0, 0, 0, 0];
const ALIGNED = [0, 0, 0, 0];

/** A baseline shift above this fraction of the item height ends the item. */
const VERTICAL_SHIFT = 0.25;

/** What decides whether a font change ends the item (pdf.js's currentTextState). */
type FontKey = { fontSize: number; fontRes: string | null; name: string | undefined };

/** Builds pdf.js text items for one content stream; see the module comment. */
export class TextItems {
  private readonly chunk: Chunk = newChunk();
  /** The last two characters seen (pdf.js twoLastChars), a ring of two. */
  private readonly lastChars = [' ', ' '];
  private lastCharsPos = 0;
  private markedLevel = 0;
  /** The marked content with an /ActualText the glyphs are shown in, if any. */
  private readonly actual = new ActualTextSpan();
  private textMarkedLevel: number | null = null;
  private fontKey: FontKey | null = null;
  /** The paint record strings are shown under now, and its judgement (content/paint-log.ts). */
  private paint: number | undefined;
  private paintKind: HiddenTextKind | null = null;
  /** Whether the last glyph was dropped outside the view box: consecutive ones are one stretch. */
  private outsideOpen = false;
  /** Gap from the previous glyph to the one placeGlyph last placed on the same line (text space), for monospace-spaces.ts. */
  private gap = 0;
  private readonly viewBox: readonly [number, number, number, number];
  private readonly out: TextContent;
  /** Where each item shown under a paint record is listed with it, for judging (content/paint-log.ts). */
  private readonly painted: PaintedItems;

  /**
   * viewBox: the page's view box in user space [x0,y0,x1,y1]; out: the shared
   * sink (items + styles) that form XObjects write into too (each form gets
   * its own TextItems on the same sink, as pdf.js's recursive getTextContent
   * does; styles are recorded once per font id across the sink); painted:
   * the page's list of items shown under a paint record (shared likewise).
   */
  constructor(viewBox: readonly number[], out: TextContent, painted: PaintedItems = { items: [], records: [] }) {
    const [x0 = 0, y0 = 0, x1 = 0, y1 = 0] = viewBox;
    this.viewBox = [x0, y0, x1, y1];
    this.out = out;
    this.painted = painted;
  }

  /**
   * Shows a string (pdf.js buildTextContentItem): its glyphs are the first
   * `count` of `glyphs` (s.font.decode(bytes, glyphs)), none for an empty
   * string, which only moves by the spacing. `extraSpacing` (a TJ adjustment
   * in text space) follows the last glyph.
   */
  show(s: TextState, glyphs: readonly Glyph[], extraSpacing: number, count = glyphs.length): void {
    this.flushOnFontChange(s);
    const font = s.font;
    if (!font) throw new Unsupported('text shown without a font');
    // Glyphs are recorded from the page's first fixed-pitch text on (monospace-spaces.ts); a font
    // change has just ended the item before it, so the record starts with the next item.
    if (font.monospace && !this.out.glyphs) this.out.glyphs = shownGlyphs(this.out.items.length);
    if (count === 0) {
      const spacing = s.charSpacing + extraSpacing;
      if (spacing) translateTextMatrix(s, spacing * s.textHScale, 0);
      return;
    }
    const scale = font.fontMatrix[0] * s.fontSize;
    const last = count - 1;
    for (let i = 0; i <= last; i++) this.showGlyph(s, glyphs[i]!, scale, s.charSpacing + (i === last ? extraSpacing : 0));
  }

  /**
   * The paint record of the strings shown next (content/paint-log.ts). An
   * item never mixes text judged differently, so a change of judgement ends it.
   */
  paintWith(index: number, kind: HiddenTextKind | null): void {
    if (kind !== this.paintKind) this.flush();
    this.paint = index;
    this.paintKind = kind;
  }

  /** After Tm: a new line scale folds the advance so far into user space (pdf.js updateAdvanceScale). */
  textMatrixSet(s: TextState): void {
    const c = this.chunk;
    if (!c.initialized) return;
    const scale = advanceScale(s);
    if (scale === c.textAdvanceScale) return;
    c.totalWidth += c.width * c.textAdvanceScale;
    c.width = 0;
    c.textAdvanceScale = scale;
  }

  /** BT: marked content opened from here on is closed by the matching ET. */
  beginText(): void {
    this.textMarkedLevel = this.markedLevel;
  }

  /** ET: closes marked content left open since BT. */
  endText(): void {
    if (this.textMarkedLevel === null) return;
    this.closeMarked(this.textMarkedLevel);
    this.textMarkedLevel = null;
  }

  /** Ends the item being built (pdf.js flushTextContentItem). */
  flush(): void {
    const c = this.chunk;
    if (!c.initialized) return;
    c.totalWidth += c.width * c.textAdvanceScale;
    const item: TextItem = {
      str: itemText(joinParts(c)), dir: 'ltr', width: magnitude(c.totalWidth), height: magnitude(c.totalHeight),
      transform: c.transform, fontName: c.fontName, hasEOL: c.hasEOL,
    };
    if (c.paint !== undefined) notePainted(this.painted, item, c.paint);
    this.out.items.push(item);
    c.initialized = false;
    c.parts = 0;
  }

  /** BMC (`mcid` undefined) or BDC (`mcid` from its property dictionary, null if none; `actualText` its /ActualText). */
  beginMarked(tag: string | null, mcid: number | null | undefined, actualText?: string): void {
    this.flush();
    this.markedLevel++;
    this.actual.begin(this.markedLevel, actualText);
    if (mcid === undefined) this.out.items.push({ type: 'beginMarkedContent', tag });
    else this.out.items.push({ type: 'beginMarkedContentProps', tag, id: Number.isInteger(mcid) ? `mc${mcid}` : null });
  }

  /** EMC; one without a matching BMC/BDC in this stream is dropped. */
  endMarked(): void {
    this.flush();
    if (this.markedLevel === 0) return;
    this.actual.end(this.markedLevel--);
    this.out.items.push({ type: 'endMarkedContent' });
  }

  /** End of the stream: the last item, then ends for marked content still open. */
  finish(): void {
    this.flush();
    this.closeMarked(0);
  }

  private closeMarked(level: number): void {
    if (this.markedLevel <= level) return;
    this.flush();
    for (; this.markedLevel > level; this.markedLevel--) {
      this.actual.end(this.markedLevel);
      this.out.items.push({ type: 'endMarkedContent' });
    }
  }


  /**
   * A new size, or a font with another name under another resource name, ends
   * the item. The first string shown in a stream always takes this path; the
   * flush is then a no-op (nothing is built yet), so starting from no key is
   * the same as pdf.js starting from the state the stream begins with.
   */
  private flushOnFontChange(s: TextState): void {
    const k = this.fontKey;
    if (k && k.fontSize === s.fontSize && (k.fontRes === s.fontRes || k.name === s.font?.name)) return;
    this.flush();
    this.fontKey = { fontSize: s.fontSize, fontRes: s.fontRes, name: s.font?.name };
  }

  private showGlyph(s: TextState, shown: Glyph, scale: number, baseSpacing: number): void {
    const glyph = this.actual.glyph(shown);
    const kind = glyph.kind ?? glyphKind(glyph.unicode);
    // A format mark is dropped with its advance and the TJ adjustment it may carry.
    if (kind === 'format') return;
    let spacing = baseSpacing;
    if (glyph.isSpace) spacing += s.wordSpacing;
    const advance = glyph.width * scale;
    if (kind === 'whitespace') {
      spacing += advance;
      translateTextMatrix(s, spacing * s.textHScale, 0);
      this.saveLastChar(' ');
      return;
    }
    this.gap = 0;
    if (kind !== 'diacritic' && !this.placeGlyph(s, advance)) {
      translateTextMatrix(s, advance * s.textHScale, 0);
      return;
    }
    this.addGlyph(s, glyph.unicode, (kind === 'diacritic' ? 0 : advance) * s.textHScale, spacing);
  }

  /**
   * A placed glyph's text added to the item, and the text matrix moved by its
   * `advance` (text space, scaled) and then `spacing`. Apart from showGlyph,
   * which returns early for some glyphs, the calls here are made for every
   * glyph, so Maglev inlines the small ones.
   */
  private addGlyph(s: TextState, unicode: string, advance: number, spacing: number): void {
    const c = this.chunk.initialized ? this.chunk : this.startItem(s);
    translateTextMatrix(s, advance, 0);
    c.width += advance;
    if (advance) {
      // CURRENT holds this glyph's transform (placeGlyph); the move changed only its origin.
      const prev = (c.prevTransform ??= [0, 0, 0, 0, 0, 0]);
      prev[0] = CURRENT[0];
      prev[1] = CURRENT[1];
      prev[2] = CURRENT[2];
      prev[3] = CURRENT[3];
      textOrigin(s, prev);
      c.prevTextRise = s.textRise;
    }
    if (this.saveLastChar(unicode)) addPart(c, ' ');
    addPart(c, unicode);
    // Glyphs are reported with their gaps, so spaces in fixed-pitch text can be judged by the glyph advance.
    if (this.out.glyphs) noteGlyph(this.out.glyphs, unicode, this.gap, advance);
    if (spacing) translateTextMatrix(s, spacing * s.textHScale, 0);
  }

  /** pdf.js ensureTextContentItem: starts an item at the current position if none is open. */
  private startItem(s: TextState): Chunk {
    const c = this.chunk;
    if (c.initialized) return c;
    const font = s.font;
    if (!font) throw new Unsupported('text shown without a font');
    if (!Object.hasOwn(this.out.styles, font.id)) {
      this.out.styles[font.id] = { fontFamily: font.fallbackName, ascent: font.ascent, descent: font.descent, vertical: false };
    }
    c.fontName = font.id;
    c.transform = textTransform(s);
    c.width = c.totalWidth = 0;
    c.height = c.totalHeight = Math.hypot(c.transform[2], c.transform[3]);
    c.textAdvanceScale = advanceScale(s);
    setGapThresholds(c, s.fontSize);
    c.hasEOL = false;
    c.paint = this.paint;
    c.initialized = true;
    return c;
  }

  /**
   * pdf.js compareWithLastPosition: false if the glyph lies outside the view
   * box (it is dropped); otherwise reacts to the gap from the previous glyph by
   * ending the line, ending the item, or adding a space.
   */
  private placeGlyph(s: TextState, glyphWidth: number): boolean {
    // Scratch arrays: this runs once per glyph, and neither value outlives the call.
    const cur = textTransform(s, CURRENT);
    // Indexed, not destructured: destructuring goes through the array iterator once per glyph.
    const vb = this.viewBox;
    const x0 = vb[0], y0 = vb[1], x1 = vb[2], y1 = vb[3];
    // pdf.js compares the unscaled advance with user-space coordinates; kept as is.
    if (cur[4] + glyphWidth < x0 || cur[4] > x1 || cur[5] < y0 || cur[5] > y1) {
      // Counted as hidden text (outside the crop box); consecutive glyphs are one stretch.
      if (!this.outsideOpen) this.out.outside = (this.out.outside ?? 0) + 1;
      this.outsideOpen = true;
      return false;
    }
    this.outsideOpen = false;
    const c = this.chunk;
    const prev = c.prevTransform;
    if (!s.font || !prev) return true;
    if (prev[4] === cur[4] && prev[5] === cur[5]) return true;
    // Upright text, most of it, needs no turning (alignedPositions' first case, written out).
    let x = cur[4], y = cur[5], lastX = prev[4], lastY = prev[5];
    if (!(cur[0] > 0 && cur[1] === 0 && cur[2] === 0)) {
      const aligned = alignedPositions(cur, prev, ALIGNED);
      x = aligned[0]!;
      y = aligned[1]!;
      lastX = aligned[2]!;
      lastY = aligned[3]!;
    }
    const advanceX = (x - lastX) / c.textAdvanceScale;
    const advanceY = y - lastY;
    const orientation = Math.sign(c.width || c.totalWidth);
    if (advanceX < orientation * c.negativeSpaceMax) {
      if (magnitude(advanceY) > 0.5 * c.height) this.endLine(s);
      else {
        this.resetLastChars();
        this.flush();
      }
      return true;
    }
    // A change of text rise (superscripts) is not a change of line.
    const riseDelta = s.textRise - c.prevTextRise;
    const lineShift = riseDelta === 0 ? advanceY : advanceY - (cur[3] / s.fontSize) * riseDelta;
    if (magnitude(lineShift) > c.height) {
      this.endLine(s);
      return true;
    }
    this.gap = advanceX;
    this.addGap(s, orientation, prev);
    if (magnitude(advanceY) > c.height * VERTICAL_SHIFT) this.flush();
    return true;
  }

  /** A horizontal gap on the same line (`gap`): tracking, a space inside the item, or a separate space item. */
  private addGap(s: TextState, orientation: number, prev: Matrix): void {
    const c = this.chunk;
    const advanceX = this.gap;
    if (advanceX <= orientation * c.notASpace) this.resetLastChars();
    if (advanceX <= orientation * c.trackingSpaceMin) {
      if (this.shouldAddWhitespace()) {
        this.resetLastChars();
        this.flush();
        this.pushSpace(magnitude(advanceX), prev, c.fontName);
      } else {
        c.width += advanceX;
      }
    } else if (!this.addFakeSpace(s, advanceX, orientation, prev)) {
      if (c.parts === 0) {
        this.resetLastChars();
        this.pushSpace(magnitude(advanceX), prev, c.fontName);
      } else {
        c.width += advanceX;
      }
    }
  }

  /** pdf.js addFakeSpaces: a word gap becomes " " in the item; a wider one a separate " " item. */
  private addFakeSpace(s: TextState, width: number, orientation: number, prev: Matrix): boolean {
    const c = this.chunk;
    if (orientation * c.spaceInFlowMin <= width && width <= orientation * c.spaceInFlowMax) {
      if (c.initialized) {
        this.resetLastChars();
        addPart(c, ' ');
      }
      return false;
    }
    const fontName = c.fontName;
    this.flush();
    this.resetLastChars();
    this.pushSpace(magnitude(width), prev, fontName);
    return true;
  }

  /** pdf.js appendEOL: marks the item as ending a line, or adds an empty one that does. */
  private endLine(s: TextState): void {
    this.resetLastChars();
    if (this.chunk.initialized) {
      this.chunk.hasEOL = true;
      this.flush();
      return;
    }
    this.out.items.push({ str: '', dir: 'ltr', width: 0, height: 0, transform: textTransform(s), fontName: s.font?.id ?? '', hasEOL: true });
  }

  private pushSpace(width: number, prev: Matrix, fontName: string): void {
    const transform: Matrix = [prev[0], prev[1], prev[2], prev[3], prev[4], prev[5]];
    this.out.items.push({ str: ' ', dir: 'ltr', width, height: 0, transform, fontName, hasEOL: false });
  }

  /** Records a character; true if the two before it were a non-space then a space (pdf.js saveLastChar). */
  private saveLastChar(char: string): boolean {
    const next = (this.lastCharsPos + 1) % 2;
    const spaceAfterText = this.lastChars[this.lastCharsPos] !== ' ' && this.lastChars[next] === ' ';
    this.lastChars[this.lastCharsPos] = char;
    this.lastCharsPos = next;
    return spaceAfterText;
  }

  private shouldAddWhitespace(): boolean {
    return this.lastChars[this.lastCharsPos] !== ' ' && this.lastChars[(this.lastCharsPos + 1) % 2] === ' ';
  }

  private resetLastChars(): void {
    this.lastChars[0] = this.lastChars[1] = ' ';
    this.lastCharsPos = 0;
  }
}
