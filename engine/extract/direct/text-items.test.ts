import { describe, expect, it } from 'vitest';
import { TextItems } from './text-items.ts';
import { initialTextState, moveText, setMatrix, type TextState } from './text-state.ts';
import { Unsupported, type FontDecoder, type Glyph, type TextContent } from './types.ts';

/** A font whose glyphs are one per byte: 500 units wide, a space 250; `map` overrides a byte's text. */
function fakeFont(id: string, name = 'Fake', map: Record<string, string> = {}): FontDecoder {
  const glyphs = (bytes: string): Glyph[] => [...bytes].map((c) => ({ unicode: map[c] ?? c, width: c === ' ' ? 250 : 500, isSpace: c === ' ' }));
  return {
    id, name, bold: false, italic: false, monospace: false, fallbackName: 'sans-serif', ascent: 0.8, descent: -0.2,
    fontMatrix: [0.001, 0, 0, 0.001, 0, 0],
    glyphs,
    decode: (bytes, from, to, out) => glyphs(Buffer.from(bytes.subarray(from, to)).toString('latin1')).reduce((n, g) => ((out[n] = g), n + 1), 0),
  };
}

const F1 = fakeFont('f1');
const VIEW = [0, 0, 612, 792];

/** A page with text items over a fresh state: BT, `/F1 10 Tf`, `100 700 Td`. */
function page(view: readonly number[] = VIEW) {
  const out: TextContent = { items: [], styles: {} };
  const t = new TextItems(view, out);
  const s: TextState = initialTextState();
  s.font = F1;
  s.fontRes = 'F1';
  s.fontSize = 10;
  t.beginText();
  moveText(s, 100, 700);
  const show = (text: string, extra = 0) => t.show(s, s.font?.glyphs(text) ?? [], extra);
  return { out, t, s, show };
}

const item = (str: string, width: number, x: number, y: number, more: Record<string, unknown> = {}) => ({
  str, dir: 'ltr', width, height: 10, transform: [10, 0, 0, 10, x, y], fontName: 'f1', hasEOL: false, ...more,
});

describe('TextItems', () => {
  it('builds one item for a word and records the font style once', () => {
    const { out, t, show } = page();
    show('Hi');
    t.finish();
    expect(out.items).toEqual([item('Hi', 10, 100, 700)]);
    expect(out.styles).toEqual({ f1: { fontFamily: 'sans-serif', ascent: 0.8, descent: -0.2, vertical: false } });
  });

  it('turns a space glyph widened by word spacing into a space inside the item', () => {
    const { out, t, s, show } = page();
    s.wordSpacing = 3;
    show('a b');
    t.finish();
    expect(out.items).toEqual([item('a b', 15.5, 100, 700)]);
  });

  it('turns a word-sized TJ adjustment into a space', () => {
    const { out, t, show } = page();
    show('a', 3); // [(a) -300 (b)] at 10 pt
    show('b');
    t.finish();
    expect(out.items).toEqual([item('a b', 13, 100, 700)]);
  });

  it('keeps a small kern inside the word', () => {
    const { out, t, show } = page();
    show('a', -0.5);
    show('b');
    t.finish();
    expect(out.items).toEqual([item('ab', 9.5, 100, 700)]);
  });

  it('splits at a gap wider than a word space, with a separate space item', () => {
    const { out, t, show } = page();
    show('a', 10);
    show('b');
    t.finish();
    expect(out.items).toEqual([
      item('a', 5, 100, 700),
      { str: ' ', dir: 'ltr', width: 10, height: 0, transform: [10, 0, 0, 10, 105, 700], fontName: 'f1', hasEOL: false },
      item('b', 5, 115, 700),
    ]);
  });

  it('marks the end of a line with hasEOL', () => {
    const { out, t, s, show } = page();
    show('a');
    moveText(s, 0, -12);
    show('b');
    t.finish();
    expect(out.items).toEqual([item('a', 5, 100, 700, { hasEOL: true }), item('b', 5, 100, 688)]);
  });

  it('adds an empty end-of-line item when the line break comes between items', () => {
    const { out, t, s, show } = page();
    show('a');
    t.flush(); // a form XObject painted here
    moveText(s, 0, -12);
    show('b');
    t.finish();
    expect(out.items).toEqual([
      item('a', 5, 100, 700),
      { str: '', dir: 'ltr', width: 0, height: 0, transform: [10, 0, 0, 10, 100, 688], fontName: 'f1', hasEOL: true },
      item('b', 5, 100, 688),
    ]);
  });

  it('ends the item when the font size changes', () => {
    const { out, t, s, show } = page();
    show('a');
    s.fontSize = 12;
    show('b');
    t.finish();
    expect(out.items).toEqual([item('a', 5, 100, 700), { ...item('b', 6, 105, 700), height: 12, transform: [12, 0, 0, 12, 105, 700] }]);
  });

  it('keeps the item across a font resource of the same name and size', () => {
    const { out, t, s, show } = page();
    show('a');
    s.fontRes = 'F2';
    s.font = fakeFont('f2');
    show('b');
    t.finish();
    expect(out.items).toEqual([item('ab', 10, 100, 700)]);
  });

  it('drops glyphs outside the view box but still advances past them', () => {
    const { out, t, s, show } = page([0, 0, 120, 792]);
    show('abcde'); // 100, 105, …, 120: the last starts on the edge and is kept
    show('fghij');
    t.finish();
    expect(out.items).toEqual([item('abcde', 25, 100, 700)]);
    expect(s.textMatrix[4]).toBe(150);
  });

  it('applies Tz to advances and Tm line scale to widths', () => {
    const { out, t, s, show } = page();
    s.textHScale = 0.5;
    setMatrix(s.textMatrix, [2, 0, 0, 2, 10, 20]);
    setMatrix(s.textLineMatrix, [2, 0, 0, 2, 10, 20]);
    t.textMatrixSet(s);
    show('ab');
    t.finish();
    expect(out.items).toEqual([{ ...item('ab', 10, 10, 20), height: 20, transform: [10, 0, 0, 20, 10, 20] }]);
  });

  it('follows text rotated by 90 degrees', () => {
    const { out, t, s, show } = page();
    setMatrix(s.textMatrix, [0, 1, -1, 0, 300, 100]);
    setMatrix(s.textLineMatrix, [0, 1, -1, 0, 300, 100]);
    t.textMatrixSet(s);
    show('a', 3);
    show('b');
    t.finish();
    expect(out.items).toEqual([{ ...item('a b', 13, 300, 100), transform: [0, 10, -10, 0, 300, 100] }]);
  });

  it('nests marked content, closes what BT opened at ET, and drops unmatched EMC', () => {
    const { out, t, show } = page();
    t.endText();
    t.beginMarked('P', 3);
    t.beginText();
    t.beginMarked('Span', undefined);
    t.beginMarked('Artifact', null);
    show('a');
    t.endText();
    t.endMarked();
    t.endMarked();
    t.finish();
    expect(out.items).toEqual([
      { type: 'beginMarkedContentProps', tag: 'P', id: 'mc3' },
      { type: 'beginMarkedContent', tag: 'Span' },
      { type: 'beginMarkedContentProps', tag: 'Artifact', id: null },
      item('a', 5, 100, 700),
      { type: 'endMarkedContent' },
      { type: 'endMarkedContent' },
      { type: 'endMarkedContent' },
    ]);
  });

  it('closes marked content left open at the end of the stream', () => {
    const { out, t } = page();
    t.beginMarked('P', 0);
    t.finish();
    expect(out.items).toEqual([{ type: 'beginMarkedContentProps', tag: 'P', id: 'mc0' }, { type: 'endMarkedContent' }]);
  });

  it('splits ligatures as pdf.js normalises them', () => {
    const { out, t, s, show } = page();
    s.font = fakeFont('f1', 'Fake', { L: '\ufb01', S: '\ufb05' });
    show('LxS');
    t.finish();
    expect(out.items).toEqual([item('fix\u017ft', 15, 100, 700)]);
  });

  it('keeps diacritics without advancing and skips format marks with their advance', () => {
    const { out, t, s, show } = page();
    s.font = fakeFont('f1', 'Fake', { d: '\u0301', h: '\u00ad' });
    show('edhf');
    t.finish();
    expect(out.items).toEqual([item('e\u0301f', 10, 100, 700)]);
    expect(s.textMatrix[4]).toBe(110);
  });

  it('refuses right-to-left text', () => {
    const { t, s, show } = page();
    s.font = fakeFont('f1', 'Fake', { a: '\u05d0' });
    show('a');
    expect(() => t.finish()).toThrow(Unsupported);
  });
});
