import { describe, expect, it } from 'vitest';
import { code, codeText } from './code.ts';
import { DEFAULT_CONFIG } from '../stage.ts';
import { doc, line, page, para, run, textLines } from '../../test/engine/build.ts';

const mono = { monospace: true, fontName: 'Courier' };

describe('code stage', () => {
  it('rebuilds indentation from x positions and blank lines from gaps', () => {
    const lines = [line(['if (x) {'], 40, 100, mono), line(['return 1;'], 60, 112, mono), line(['}'], 40, 124, mono), line(['done();'], 40, 148, mono)];
    expect(codeText(lines)).toBe('if (x) {\n    return 1;\n}\n\ndone();');
  });

  it('spaces a run from the run before it, so a grid wider than the glyphs does not add spaces down the line', () => {
    // Fixed columns: 5pt glyphs centred in 5.5pt cells, one run per token or stretch of tokens.
    const tok = (t: string, col: number, lead = ' ') => {
      const r = run(t, 40 + col * 5.5 + 0.25, 100, mono);
      return { ...r, text: col > 0 ? lead + t : t, box: { ...r.box, x1: 40 + (col + t.length) * 5.5 - 0.25 } };
    };
    const runs = [tok('x', 0), tok('=', 2), tok('compute_something(1,', 4), tok('2);', 25)];
    expect(codeText([{ runs, box: { x0: 40, y0: 100, x1: 180, y1: 110 } }])).toBe('x = compute_something(1, 2);');
  });

  it('turns monospace paragraphs into one code block and leaves prose alone', () => {
    const p = page(1, []);
    p.blocks = [para(textLines(['Example:'], 40, 80)), para(textLines(['a = 1'], 40, 100, mono)), para(textLines(['b = 2'], 40, 124, mono)), para(textLines(['After.'], 40, 160))];
    const out = code.run(doc([p]), DEFAULT_CONFIG).pages[0]!.blocks;
    expect(out.map((b) => b.kind)).toEqual(['paragraph', 'code', 'paragraph']);
    expect(out[1]!.kind === 'code' && out[1]!.text).toBe('a = 1\n\nb = 2');
  });

  it('keeps a listing whole across lines whose comments are set in italics, and prose opening with inline code apart', () => {
    const italic = { italic: true, fontName: 'Times-Italic' };
    const commented = (code: string, comment: string, y: number) => line([run(code, 40, y, mono), run(` ${comment}`, 40 + code.length * 6 + 6, y, italic)], 40, y);
    const p = page(1, []);
    p.blocks = [
      para(textLines(['int w = 1;'], 40, 100, mono)),
      para([commented('int h = 2;', '// the height', 112)]),
      para([line([run('/* every pixel */', 40, 124, italic)], 40, 124)]),
      para(textLines(['w = h;'], 40, 136, mono)),
      para([commented('}', '// end of class', 148)]),
      para([line([run('run', 40, 172, mono), run(' returns the count.', 62, 172)], 40, 172)]),
    ];
    const out = code.run(doc([p]), DEFAULT_CONFIG).pages[0]!.blocks;
    expect(out.map((b) => b.kind)).toEqual(['code', 'paragraph']);
    expect(out[0]!.kind === 'code' && out[0]!.text).toMatch(/^int w = 1;\nint h = 2; +\/\/ the height\n\/\* every pixel \*\/\nw = h;\n\} +\/\/ end of class$/);
  });

  it('does not treat CJK text in a fixed-pitch font as code', () => {
    const p = page(1, []);
    p.blocks = [para([line(['日本語のテキストです'], 40, 100, mono)])];
    expect(code.run(doc([p]), DEFAULT_CONFIG).pages[0]!.blocks[0]!.kind).toBe('paragraph');
  });

  it('does not treat a bullet set in a code font as code', () => {
    const p = page(1, []);
    p.blocks = [para([line(['• CHECK(a);'], 40, 100, mono)])];
    expect(code.run(doc([p]), DEFAULT_CONFIG).pages[0]!.blocks[0]!.kind).toBe('paragraph');
  });

  it('does not take a lone line of numbers in a fixed-pitch face for code (footnote marks)', () => {
    const p = page(1, []);
    p.blocks = [{ ...para([line(['11', '12'], 40, 100, mono)]), spans: [{ text: '11 12', code: true }] }, para(textLines(['x = 1', '42'], 40, 140, mono))];
    const out = code.run(doc([p]), DEFAULT_CONFIG).pages[0]!.blocks;
    expect(out.map((b) => b.kind)).toEqual(['paragraph', 'code']);
    expect(out[0]!.kind === 'paragraph' && out[0]!.spans.some((s) => s.code)).toBe(false);
  });
});
