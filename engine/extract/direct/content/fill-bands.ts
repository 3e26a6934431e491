/**
 * The page's painted areas by horizontal band of page space, so the paint
 * beneath a point is looked for among the fills that reach the point's band
 * rather than among all the page's fills. Every shown string asks for the
 * paint beneath it, and browser-printed pages show text glyph by glyph over
 * a box per code line: a walk of the whole log per string was the text
 * reader's largest single cost on them.
 */
import type { Box } from '../../../model.ts';

/** The height of a band (points of top-left page space): about a line of body text. */
const BAND_HEIGHT = 12;
/** Bands a page is cut into at most, so a very tall page costs no more per fill. */
const MAX_BANDS = 256;
/** A fill reaching more bands than this goes on the list every query walks instead (page backgrounds). */
const MAX_BANDS_PER_FILL = 8;

/** What the bands hold: a box, and the paint order that makes later fills win. */
type Banded = { box: Box; order: number };

/** Fills in paint order, by band; see the module comment. */
export class FillBands<F extends Banded> {
  private readonly top: number;
  private readonly count: number;
  /** The fills of each band; a band's list is made when a first fill reaches it (most pages paint few). */
  private readonly bands: (F[] | undefined)[] = [];
  /** Fills too tall to list per band, in paint order. */
  private readonly tall: F[] = [];

  /** Bands over `page` (top-left page space); points and fills beyond it fall in its first or last band. */
  constructor(page: Box) {
    this.top = Number.isFinite(page.y0) ? page.y0 : 0;
    const height = page.y1 - this.top;
    this.count = Number.isFinite(height) ? Math.min(MAX_BANDS, Math.max(1, Math.ceil(height / BAND_HEIGHT))) : 1;
  }

  /** Adds a fill painted after every fill added so far. */
  add(fill: F): void {
    const { y0, y1 } = fill.box;
    // A box with no height (or NaN) contains no point.
    if (!(y0 <= y1)) return;
    const first = this.band(y0), last = this.band(y1);
    if (last - first >= MAX_BANDS_PER_FILL) {
      this.tall.push(fill);
      return;
    }
    for (let b = first; b <= last; b++) (this.bands[b] ??= []).push(fill);
  }

  /** The last fill added whose box contains (x, y), if any. */
  at(x: number, y: number): F | undefined {
    if (Number.isNaN(y)) return undefined;
    const band = this.bands[this.band(y)];
    const banded = band && lastContaining(band, x, y);
    const tall = lastContaining(this.tall, x, y);
    if (!banded) return tall;
    return tall && tall.order > banded.order ? tall : banded;
  }

  /** The band of `y`, clamped to the page's bands (monotone, so a box's bands include those of its points). */
  private band(y: number): number {
    const b = Math.floor((y - this.top) / BAND_HEIGHT);
    return b <= 0 ? 0 : Math.min(b, this.count - 1);
  }
}

function lastContaining<F extends Banded>(fills: readonly F[], x: number, y: number): F | undefined {
  for (let i = fills.length - 1; i >= 0; i--) {
    const b = fills[i]!.box;
    if (x >= b.x0 && x <= b.x1 && y >= b.y0 && y <= b.y1) return fills[i];
  }
  return undefined;
}
