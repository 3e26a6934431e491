/**
 * /ActualText on marked content: the glyphs shown inside stand for the text
 * it gives (a ligature drawn as one glyph, a hyphen set only for the line
 * break, small capitals). The outermost span met wins, until the EMC that
 * closes its marked-content level. The first glyph that is not white space
 * stands for the whole text and the others for nothing, each keeping its
 * advance, as pdftotext reads it; spaces before it stay spaces, because
 * InDesign sets a bullet's ActualText on a space before the bullet glyph,
 * which pdftotext then reads twice.
 */
import { glyphKind } from './text-unicode.ts';
import type { Glyph } from './types.ts';

/** The /ActualText span open in one content stream, if any. */
export class ActualTextSpan {
  private open: { text: string; level: number; shown: boolean } | null = null;

  /** A BDC at marked-content level `level` with /ActualText `text` (undefined: none). */
  begin(level: number, text: string | undefined): void {
    if (text !== undefined && !this.open) this.open = { text, level, shown: false };
  }

  /** Closing marked-content level `level`. */
  end(level: number): void {
    if (this.open?.level === level) this.open = null;
  }

  /** The glyph as read: itself outside a span, else standing for the span's text or for nothing. */
  glyph(glyph: Glyph): Glyph {
    const open = this.open;
    if (!open || (!open.shown && (glyph.kind ?? glyphKind(glyph.unicode)) === 'whitespace')) return glyph;
    const unicode = open.shown ? '' : open.text;
    open.shown = true;
    return { ...glyph, unicode, kind: 'plain', isSpace: false };
  }
}
