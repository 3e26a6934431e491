import fs from 'node:fs';
import { PDFDocument, PDFName, type PDFRef } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { convert } from '../index.ts';
import { noteGlyph, repairMonoSpaces, shownGlyphs } from './monospace-spaces.ts';

/** Glyph records for a text whose characters sit `gaps[i]` ems after the one before (0 for none). */
function glyphs(chars: string, gaps: Record<number, number> = {}, advance = (_c: string) => 0.6) {
  const out = shownGlyphs();
  [...chars].forEach((c, i) => noteGlyph(out, c, gaps[i] ?? 0, advance(c)));
  return out;
}

describe('repairMonoSpaces', () => {
  const mono = (id: string) => id === 'mono';

  it('drops a space the glyph gap does not bear out, keeps one a whole glyph wide', () => {
    // 'console.log(add(3,5' with 0.2 em before '.', 0.15 em before '(', a real space (0.7 em) before '5'.
    const g = glyphs('console.log(add(3,5', { 7: 0.2, 11: 0.15, 18: 0.7 });
    const items = [{ str: 'console . log (add(3, 5', fontName: 'mono' }];
    expect(repairMonoSpaces(items, g, mono)[0]!.str).toBe('console.log(add(3, 5');
  });

  it('leaves proportional items alone, but keeps in step with their glyphs', () => {
    // The prose's own glyphs come first: '(a.b' inside it must not be taken for the code item's.
    const g = glyphs('see(a.b,here' + 'a.b', { 3: 0.3, 5: 0.4, 8: 0.3, 13: 0.2 });
    const items = [{ str: 'see (a .b , here', fontName: 'serif' }, { str: 'a .b', fontName: 'mono' }];
    expect(repairMonoSpaces(items, g, mono).map((i) => i.str)).toEqual(['see (a .b , here', 'a.b']);
  });

  it('keeps the spaces of an item whose glyphs differ in width (a proportional face flagged fixed-pitch)', () => {
    // Justified prose: a 0.3 em word space before a 0.9 em wide 'W'.
    const g = glyphs('aWindow', { 1: 0.3 }, (c) => (c === 'W' ? 0.9 : 0.5));
    expect(repairMonoSpaces([{ str: 'a Window', fontName: 'mono' }], g, mono)[0]!.str).toBe('a Window');
  });

  it('matches an item whose characters are partly drawn in another font (LaTeX quotes), keeping its spaces there', () => {
    // The quotes have no glyphs in the record: 'x = value;' with a real space before '=' and 'value'.
    const g = glyphs('x=value;', { 1: 0.7, 2: 0.7 });
    const items = [{ str: "x = 'value';", fontName: 'mono' }];
    expect(repairMonoSpaces(items, g, mono)[0]!.str).toBe("x = 'value';");
  });

  it('leaves an item whose characters do not line up with the glyphs as it is, and finds the next one', () => {
    const g = glyphs('xyz' + 'p.q', { 4: 0.2 });
    const items = [{ str: 'unrelated text', fontName: 'mono' }, { str: 'p .q', fontName: 'mono' }];
    expect(repairMonoSpaces(items, g, mono).map((i) => i.str)).toEqual(['unrelated text', 'p.q']);
  });
});

const TTF = '/usr/share/fonts/truetype/dejavu/DejaVuSansMono.ttf';

/** DejaVu Sans Mono as a simple TrueType font, every width 600 (fixed pitch), embedded by hand (no fontkit here). */
function monoFont(doc: PDFDocument, ttf: Uint8Array, name = 'DejaVuSansMono'): PDFRef {
  const ctx = doc.context;
  const file = ctx.register(ctx.flateStream(ttf, { Length1: ttf.length }));
  const descriptor = ctx.register(ctx.obj({
    Type: 'FontDescriptor', FontName: name, Flags: 33, FontBBox: [-558, -375, 718, 1042],
    ItalicAngle: 0, Ascent: 928, Descent: -236, CapHeight: 729, StemV: 80, FontFile2: file,
  }));
  return ctx.register(ctx.obj({
    Type: 'Font', Subtype: 'TrueType', BaseFont: name, FirstChar: 32, LastChar: 126,
    Widths: Array.from({ length: 95 }, () => 600), Encoding: 'WinAnsiEncoding', FontDescriptor: descriptor,
  }));
}

/** A code line as fixed-column listings set it: each token centred in cells `pitch` em wide (glyphs are 0.6), in one TJ. */
function listingLine(code: string, pitch: number): string {
  const parts: string[] = [];
  let end = 0;
  for (const m of code.matchAll(/[A-Za-z0-9_]+|[^\sA-Za-z0-9_]/g)) {
    const start = m.index * pitch + (m[0].length * (pitch - 0.6)) / 2;
    parts.push(`${Math.round(-(start - end) * 1000)} (${m[0].replace(/[()\\]/g, '\\$&')})`);
    end = start + m[0].length * 0.6;
  }
  return `[${parts.join(' ')}] TJ`;
}

describe.skipIf(!fs.existsSync(TTF))('monospace spaces in a converted PDF', () => {
  it('code on a grid wider than its glyphs keeps its own spacing, read directly or by pdf.js', { timeout: 60_000 }, async () => {
    const code = ['function add(a, b) {', '  return a + b;', '}', 'console.log(add(3, 5));'];
    const doc = await PDFDocument.create();
    const page = doc.addPage([595, 842]);
    page.node.setFontDictionary(PDFName.of('F1'), monoFont(doc, new Uint8Array(fs.readFileSync(TTF))));
    const content = code.map((c, i) => `BT /F1 9 Tf 72 ${700 - i * 11} Td ${listingLine(c, 0.63)} ET`).join('\n');
    page.node.set(PDFName.of('Contents'), doc.context.register(doc.context.stream(new TextEncoder().encode(content))));
    const data = await doc.save();
    for (const textReader of ['auto', 'pdfjs'] as const) {
      const out = await convert(data, { textReader });
      expect(out.textReader[textReader === 'auto' ? 'direct' : 'pdfjs']).toBe(1);
      expect(out.markdown).toContain(['```', ...code, '```'].join('\n'));
    }
  });
});

describe.skipIf(!fs.existsSync(TTF))('monospace spaces between separately drawn tokens', () => {
  it('a bracket in another fixed-pitch font, a third of a cell from its neighbours, is no word space', { timeout: 60_000 }, async () => {
    // An option set in italic code between upright code: `on-failure[:max-retry], always`, each font
    // change leaving 0.2 em (a third of the 0.6 em cell) where no space is.
    const doc = await PDFDocument.create();
    const page = doc.addPage([595, 842]);
    const ttf = new Uint8Array(fs.readFileSync(TTF));
    page.node.setFontDictionary(PDFName.of('F1'), monoFont(doc, ttf));
    page.node.setFontDictionary(PDFName.of('F2'), monoFont(doc, ttf, 'DejaVuSansMono-Oblique'));
    const tokens: [string, string, number][] = [['F1', 'on-failure', 72], ['F2', '[', 134], ['F1', ':max-retry', 142], ['F2', ']', 204], ['F1', ', always', 212]];
    const content = `BT 72 700 Td ${tokens.map(([f, t, x], i) => `/${f} 10 Tf ${i === 0 ? 0 : x - tokens[i - 1]![2]} 0 Td (${t}) Tj`).join(' ')} ET`;
    page.node.set(PDFName.of('Contents'), doc.context.register(doc.context.stream(new TextEncoder().encode(content))));
    const data = await doc.save();
    for (const textReader of ['auto', 'pdfjs'] as const) {
      expect((await convert(data, { textReader })).markdown).toContain('on-failure[:max-retry], always');
    }
  });
});
