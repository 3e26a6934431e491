import { describe, expect, it } from 'vitest';
import { blocks } from './blocks.ts';
import { DEFAULT_CONFIG } from '../stage.ts';
import { doc, kinds, line, page, textLines } from '../../test/engine/build.ts';
import type { Block } from '../model.ts';

const text = (b: Block) => (b.kind === 'paragraph' || b.kind === 'heading' ? b.spans.map((s) => s.text).join('') : '');

describe('blocks stage', () => {
  it('splits paragraphs at wider gaps and joins lines with spaces', () => {
    const lines = [...textLines(['First paragraph line one', 'and line two.'], 40, 100), ...textLines(['Second paragraph.'], 40, 140)];
    const out = blocks.run(doc([page(1, lines)]), DEFAULT_CONFIG).pages[0]!;
    expect(out.blocks.map(text)).toEqual(['First paragraph line one and line two.', 'Second paragraph.']);
  });

  it('joins an end-of-line hyphenation unless the document spells the word with a hyphen', () => {
    const lines = textLines(['the docu-', 'ment says a well-', 'known thing; well-known indeed'], 40, 100);
    const out = blocks.run(doc([page(1, lines)]), DEFAULT_CONFIG).pages[0]!;
    expect(text(out.blocks[0]!)).toBe('the document says a well-known thing; well-known indeed');
  });

  it('starts a new block when the font size or weight changes', () => {
    const lines = [line(['Big title'], 40, 100, { fontSize: 16 }), ...textLines(['body text'], 40, 120)];
    const out = blocks.run(doc([page(1, lines)]), DEFAULT_CONFIG).pages[0]!;
    expect(out.blocks).toHaveLength(2);
  });

  it('keeps a sentence whole across a line that a bold term or small capitals fill', () => {
    const run = (t: string, x: number, y: number, o: Record<string, unknown> = {}) => line([t], x, y, o).runs[0]!;
    const mixed = (parts: [string, Record<string, unknown>][], y: number) => {
      let x = 40;
      const runs = parts.map(([t, o]) => { const r = run(t, x, y, o); x = r.box.x1 + 2.5; return r; });
      return { runs, box: { x0: runs[0]!.box.x0, y0: Math.min(...runs.map((r) => r.box.y0)), x1: x, y1: y + 10 } };
    };
    const lines = [
      ...textLines(['retain all your data by default. But if'], 40, 100),
      mixed([["instead you'd like", {}], ['automatically clean up the container and remove the file', { bold: true }]], 112),
      mixed([['system when the container exits', { bold: true }], [', you can add the flag.', {}]], 124),
      mixed([['should be sent to the person who is identified in the', {}], ['FOR FURTHER INFORMATION', { bold: true, fontSize: 7.4 }]], 136),
      mixed([['CONTACT', { bold: true, fontSize: 7.4 }], ['section. Any comments.', {}]], 148),
    ];
    const out = blocks.run(doc([page(1, lines)]), DEFAULT_CONFIG).pages[0]!;
    expect(out.blocks).toHaveLength(1);
  });

  it('starts a paragraph at a run-in label after a sentence\'s end, set a little apart (Federal Register)', () => {
    const label = (y: number) => {
      const head = line(['DATES: '], 40, y, { bold: true }).runs[0]!;
      const rest = line(['The FAA must receive'], head.box.x1 + 2.5, y).runs[0]!;
      return { runs: [head, rest], box: { x0: 40, y0: y, x1: rest.box.x1, y1: y + 10 } };
    };
    const body = textLines(['It was found that the existing rules do not', 'cover it: the FAA is proposing this AD to', 'address the unsafe condition on the products.'], 40, 88);
    const apart = blocks.run(doc([page(1, [...body, label(126)])]), DEFAULT_CONFIG).pages[0]!;
    expect(apart.blocks.map(text)).toEqual(['It was found that the existing rules do not cover it: the FAA is proposing this AD to address the unsafe condition on the products.', 'DATES: The FAA must receive']);
    // At the paragraph's own leading the label is a bold term inside it; after a gap without a sentence's end, too.
    expect(blocks.run(doc([page(1, [...body, label(124)])]), DEFAULT_CONFIG).pages[0]!.blocks).toHaveLength(1);
    const open = textLines(['It was found that the existing rules do not', 'cover it: the FAA is proposing this AD to', 'address the unsafe condition on the products'], 40, 88);
    expect(blocks.run(doc([page(1, [...open, label(126)])]), DEFAULT_CONFIG).pages[0]!.blocks).toHaveLength(1);
  });

  it('keeps a word broken at a line\'s end in one paragraph across a change of weight ("Embedded systems; Re-" / "dundancy")', () => {
    const head = line(['Computer systems organization'], 40, 100, { bold: true }).runs[0]!;
    const rest = line([' Re-'], head.box.x1, 100).runs[0]!;
    const first = { runs: [head, rest], box: { x0: 40, y0: 100, x1: rest.box.x1, y1: 110 } };
    const out = blocks.run(doc([page(1, [first, line(['dundancy; Robotics; Networks.'], 40, 112)])]), DEFAULT_CONFIG).pages[0]!;
    expect(out.blocks).toHaveLength(1);
  });

  it('starts a new block at a list marker', () => {
    const lines = textLines(['Intro:', '• first', '• second'], 40, 100);
    expect(blocks.run(doc([page(1, lines)]), DEFAULT_CONFIG).pages[0]!.blocks).toHaveLength(3);
  });

  it('ends a list item at a line set left of its marker once the item\'s text stopped short, not when it wrapped', () => {
    // Columns end at x 300 (a 10 pt character is 5 pt wide in these builders).
    const ended = [line(['• acmtog: Used by TOG.'], 70, 100), line(['The majority of conference proceedings docu-'], 64, 112), line(['mentation will use the acmconf style, at length.'], 54, 124)];
    expect(blocks.run(doc([page(1, ended)]), DEFAULT_CONFIG).pages[0]!.blocks.map(text)).toEqual(['• acmtog: Used by TOG.', 'The majority of conference proceedings documentation will use the acmconf style, at length.']);
    // The next word ("Transportation,", 75 pt) would not have fitted after "of": the item wraps under its bullet.
    const wrapped = [line(['• Mail: U.S. Department of the Treasury of'], 70, 100), line(['Transportation, Docket Operations, Room W12.'], 54, 112)];
    expect(blocks.run(doc([page(1, wrapped)]), DEFAULT_CONFIG).pages[0]!.blocks).toHaveLength(1);
  });

  it('keeps a centred title led by a roman number with its wider second line (APS: "I. FIRST-LEVEL HEADING:")', () => {
    // 23 and 41 characters of 5 pt, both centred on x 176; "THE" would have fitted after the first line.
    const title = [line(['I. FIRST-LEVEL HEADING:'], 118.5, 100), line(['THE LINE BREAK WAS FORCED VIA TWO SLASHES'], 73.5, 110)];
    expect(blocks.run(doc([page(1, title)]), DEFAULT_CONFIG).pages[0]!.blocks.map(text)).toEqual(['I. FIRST-LEVEL HEADING: THE LINE BREAK WAS FORCED VIA TWO SLASHES']);
    // An item whose next line is a paragraph at the margin, off the item's centre, still ends there.
    const item = [line(['I. First point.'], 118.5, 100), line(['The paragraph after the list goes on, and on.'], 73.5, 110)];
    expect(blocks.run(doc([page(1, item)]), DEFAULT_CONFIG).pages[0]!.blocks).toHaveLength(2);
  });

  it('starts a new block at a line opening with a superscript (a footnote)', () => {
    const note = (n: string, t: string, y: number) => line([{ ...line([n], 40, y, { fontSize: 7 }).runs[0]!, script: 'sup' as const }, ` ${t}`], 40, y);
    const lines = [note('1', 'See the first report of the year,', 100), ...textLines(['published in June.'], 40, 112), note('2', 'See the second report.', 124)];
    expect(blocks.run(doc([page(1, lines)]), DEFAULT_CONFIG).pages[0]!.blocks.map(text)).toEqual(['1 See the first report of the year, published in June.', '2 See the second report.']);
  });

  it('keeps apart lines of two block elements of the structure tree, and joins lines of one', () => {
    const tagged = (t: string, y: number, structBlock: number) => line([t], 40, y, { role: 'P', structBlock });
    // The caption is about as wide as the text: its next word would not have fitted, so only the tags part them.
    const lines = [tagged('Figure 1: The frame of the first model.', 100, 0), tagged('This paragraph is ordinary body text that', 112, 1), tagged('wraps onto a second line.', 124, 1)];
    expect(blocks.run(doc([page(1, lines)]), DEFAULT_CONFIG).pages[0]!.blocks.map(text)).toEqual(['Figure 1: The frame of the first model.', 'This paragraph is ordinary body text that wraps onto a second line.']);
    // Untagged, the same lines are one paragraph: the gap between them is the line pitch.
    const plain = textLines(['Figure 1: The frame of the first model.', 'This paragraph is ordinary body text that', 'wraps onto a second line.'], 40, 100);
    expect(blocks.run(doc([page(1, plain)]), DEFAULT_CONFIG).pages[0]!.blocks).toHaveLength(1);
  });

  it('keeps table blocks from earlier stages in the reading flow', () => {
    const table: Block = { kind: 'table', rows: [[{ spans: [{ text: 'a' }] }]], prov: { page: 1, box: { x0: 40, y0: 130, x1: 300, y1: 160 } } };
    const p = page(1, [...textLines(['above'], 40, 100), ...textLines(['below'], 40, 200)], { blocks: [table] });
    expect(kinds(blocks.run(doc([p]), DEFAULT_CONFIG).pages[0]!)).toEqual(['paragraph', 'table', 'paragraph']);
  });
});

describe('run-in headings', () => {
  it('splits a bold lead-in followed by an em-wide gap into its own block', () => {
    const head = line(['drive.readonly'], 40, 100, { bold: true });
    const rest = line(['This allows read only access.'], head.box.x1 + 10, 100);
    const merged = { runs: [...head.runs, ...rest.runs], box: { ...head.box, x1: rest.box.x1 } };
    const out = blocks.run(doc([page(1, [merged, ...textLines(['and more text that runs on to the right margin.'], 40, 112)])]), DEFAULT_CONFIG).pages[0]!;
    expect(out.blocks.map(text)).toEqual(['drive.readonly', 'This allows read only access. and more text that runs on to the right margin.']);
  });

  it('leaves a bold word followed by an ordinary space inside its paragraph', () => {
    const head = line(['Note'], 40, 100, { bold: true });
    const rest = line([' that this is prose.'], head.box.x1 + 2, 100);
    const merged = { runs: [...head.runs, ...rest.runs], box: { ...head.box, x1: rest.box.x1 } };
    expect(blocks.run(doc([page(1, [merged])]), DEFAULT_CONFIG).pages[0]!.blocks).toHaveLength(1);
  });
});

describe('outline titles', () => {
  it('stand alone as blocks even when styled like the text around them', () => {
    const lines = textLines(['Here are the options.', 'client-id', 'OAuth Client Id.'], 40, 100);
    const out = blocks.run(doc([page(1, lines)], [{ title: 'client-id', level: 4, page: 1 }]), DEFAULT_CONFIG).pages[0]!;
    expect(out.blocks.map(text)).toEqual(['Here are the options.', 'client-id', 'OAuth Client Id.']);
  });

  it('keeps a wrapped heading whose first line holds smaller inline code in one block', () => {
    const first = line([
      line(['Running'], 308, 58, { fontSize: 12.5, bold: true }).runs[0]!,
      line(['npm install -g yarn'], 370, 61, { fontSize: 8.8, bold: true, monospace: true }).runs[0]!,
      line(["doesn't"], 470, 58, { fontSize: 12.5, bold: true }).runs[0]!,
    ], 308, 58);
    const second = line(['work'], 308, 75, { fontSize: 12.5, bold: true });
    const out = blocks.run(doc([page(1, [first, second])]), DEFAULT_CONFIG).pages[0]!;
    expect(out.blocks).toHaveLength(1);
    expect(text(out.blocks[0]!)).toMatch(/work$/);
  });

  it('keeps a heading together when a wrapped line is mostly or all code', () => {
    const bold = { fontSize: 12.5, bold: true };
    const code = { fontSize: 8.8, bold: true, monospace: true };
    // "Build with a pre-installed ICU / (system-icu)": the second line is mostly code.
    const a = [line(['Build with a pre-installed ICU'], 40, 239, bold), line([line(['('], 40, 256, bold).runs[0]!, line(['system-icu'], 46, 259, code).runs[0]!, line([')'], 98, 256, bold).runs[0]!], 40, 256)];
    // "`Document#toJS()` and / `Document#toString()`": the second line is all code.
    const b = [line([line(['Document#toJS()'], 40, 400, code).runs[0]!, line(['and'], 130, 397, bold).runs[0]!], 40, 397), line(['Document#toString()'], 40, 417, code)];
    for (const lines of [a, b]) expect(blocks.run(doc([page(1, lines)]), DEFAULT_CONFIG).pages[0]!.blocks).toHaveLength(1);
  });

  it('still starts a code block under a heading or a paragraph with inline code', () => {
    const heading = line(['Usage'], 40, 100, { fontSize: 12.5, bold: true });
    const prose = line([line(['Run'], 40, 130).runs[0]!, line(['npm test'], 60, 131, { fontSize: 8.8, monospace: true }).runs[0]!, line(['to check.'], 110, 130).runs[0]!], 40, 130);
    const codeLine = line(['npm test -- --watch'], 40, 144, { fontSize: 8.8, monospace: true });
    expect(blocks.run(doc([page(1, [heading, prose, codeLine])]), DEFAULT_CONFIG).pages[0]!.blocks).toHaveLength(3);
  });
});
