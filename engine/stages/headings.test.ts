import { describe, expect, it } from 'vitest';
import { bodySize, headings } from './headings.ts';
import { DEFAULT_CONFIG } from '../stage.ts';
import { doc, line, page, para, textLines } from '../../test/engine/build.ts';
import type { Block, Page } from '../model.ts';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { convert } from '../index.ts';

const body = (y: number) => para(textLines(['Body text that is long enough to be prose.', 'More of it on a second line.'], 40, y));
const levels = (p: Page) => p.blocks.map((b: Block) => (b.kind === 'heading' ? b.level : 0));

describe('headings stage', () => {
  it('ranks heading styles by size and weight relative to body text', () => {
    const p = page(1, []);
    p.blocks = [
      para([line(['Title'], 40, 60, { fontSize: 20, bold: true })]), body(90),
      para([line(['Section'], 40, 130, { fontSize: 14, bold: true })]), body(150),
      para([line(['Subsection'], 40, 190, { bold: true, fontSize: 11 })]), body(210),
      para([line(['Bold paragraph at body size'], 40, 230, { bold: true })]), body(235),
      para([line(['Another section'], 40, 250, { fontSize: 14, bold: true })]), body(270),
    ];
    expect(levels(headings.run(doc([p]), DEFAULT_CONFIG).pages[0]!)).toEqual([1, 0, 2, 0, 3, 0, 0, 0, 2, 0]);
  });

  it('sizes a title by its words, not by a long run of note marks after it ("title∗,∗∗")', () => {
    const p = page(1, []);
    const title = line(['This is a specimen title'], 40, 60, { fontSize: 14 });
    const marks = { ...title.runs[0]!, text: '∗,∗∗', fontSize: 7, script: 'sup' as const, box: { x0: title.box.x1, y0: 56, x1: title.box.x1 + 12, y1: 63 } };
    p.blocks = [para([{ runs: [...title.runs, marks], box: { ...title.box, x1: marks.box.x1 } }]), body(90)];
    expect(levels(headings.run(doc([p]), DEFAULT_CONFIG).pages[0]!)).toEqual([1, 0]);
  });

  it('takes levels from section numbers when most headings are numbered', () => {
    const p = page(1, []);
    p.blocks = [
      para([line(['1 Introduction'], 40, 60, { fontSize: 14, bold: true })]), body(80),
      para([line(['1.1 Scope'], 40, 120, { fontSize: 14, bold: true })]), body(140),
      para([line(['1.1.1 Limits'], 40, 180, { fontSize: 12, bold: true })]), body(200),
      para([line(['2 Usage'], 40, 240, { fontSize: 14, bold: true })]), body(260),
    ];
    expect(levels(headings.run(doc([p]), DEFAULT_CONFIG).pages[0]!)).toEqual([1, 0, 2, 0, 3, 0, 1, 0]);
  });

  it('keeps levels consistent across pages', () => {
    const mk = (n: number) => {
      const p = page(n, []);
      p.blocks = [para([line([`Chapter ${n}`], 40, 60, { fontSize: 16, bold: true })], n), body(90)];
      return p;
    };
    const out = headings.run(doc([mk(1), mk(2)]), DEFAULT_CONFIG);
    expect(out.pages.map((p) => levels(p)[0])).toEqual([1, 1]);
  });

  it('makes a paper\'s title a heading when its outline starts after it, above the outline\'s sections, and not the authors set smaller', () => {
    const p = page(1, []);
    p.blocks = [
      para([line(['The Name of the Title Is Hope'], 40, 60, { fontSize: 17, bold: true })]),
      para([line(['Ben Trovato and Lars Thorvald'], 40, 90, { fontSize: 12 })]),
      para([line(['ABSTRACT'], 40, 130, { fontSize: 11, bold: true })]), body(150),
      para([line(['1 INTRODUCTION'], 40, 190, { fontSize: 11, bold: true })]), body(210),
    ];
    const outline = [{ title: 'ABSTRACT', level: 1, page: 1 }, { title: '1 INTRODUCTION', level: 1, page: 1 }];
    // The title is the document's one top heading; the sections the outline lists at level 1 go below it.
    expect(levels(headings.run(doc([p], outline), DEFAULT_CONFIG).pages[0]!)).toEqual([1, 0, 2, 0, 2, 0]);
    // Two lines of the largest size before the outline's first heading: no single title to pick.
    p.blocks.splice(1, 1, para([line(['A Second Line Set Just As Large'], 40, 90, { fontSize: 17, bold: true })]));
    expect(levels(headings.run(doc([p], outline), DEFAULT_CONFIG).pages[0]!)).toEqual([0, 0, 1, 0, 1, 0]);
  });

  it('takes levels from the outline and demotes bold lines a complete outline omits', () => {
    const p = page(1, []);
    p.blocks = [
      para([line(['Guide'], 40, 60, { fontSize: 18, bold: true })]), body(90),
      para([line(['Install'], 40, 130, { italic: true })]), body(150),
      para([line(['--verbose'], 40, 190, { bold: true })]), body(210),
    ];
    const outline = [{ title: 'Guide', level: 1, page: 1 }, { title: 'Install', level: 2, page: 1 }];
    expect(levels(headings.run(doc([p], outline), DEFAULT_CONFIG).pages[0]!)).toEqual([1, 0, 2, 0, 0, 0]);
  });

  it('uses structure roles in tagged PDFs over font styles', () => {
    const p = page(1, []);
    p.blocks = [
      para([line(['Tagged heading'], 40, 60, { role: 'H3' })]),
      para([line(['Bold but a paragraph'], 40, 100, { bold: true, role: 'P' })]),
      body(130),
    ];
    expect(levels(headings.run(doc([p], [], true), DEFAULT_CONFIG).pages[0]!)).toEqual([3, 0, 0]);
  });

  it('does not promote long bold prose or sentence fragments', () => {
    const p = page(1, []);
    p.blocks = [para(textLines(['A bold paragraph', 'that goes on', 'and on', 'for four lines.'], 40, 60, { bold: true })), body(130)];
    expect(levels(headings.run(doc([p]), DEFAULT_CONFIG).pages[0]!)).toEqual([0, 0]);
  });

  it('below an outline, takes a bold body-size line for a deeper heading only when it is set apart as headings are', () => {
    const p = page(1, []);
    // Body paragraphs sit 10pt apart; "Details" has 22pt above it, "Params" the usual 10pt.
    p.blocks = [
      para([line(['Guide'], 40, 60, { fontSize: 18, bold: true })]), body(90),
      para([line(['Install'], 40, 132, { fontSize: 14, bold: true })]), body(156), body(188),
      para([line(['Details'], 40, 232, { bold: true })]), body(252),
      para([line(['Params'], 40, 284, { bold: true })]), body(304),
    ];
    const outline = [{ title: 'Guide', level: 1, page: 1 }, { title: 'Install', level: 2, page: 1 }, { title: 'Setup', level: 3, page: 1 }];
    expect(levels(headings.run(doc([p], outline), DEFAULT_CONFIG).pages[0]!)).toEqual([1, 0, 2, 0, 0, 4, 0, 0, 0]);
  });

  it('takes a bold lead-in run into its section text for a heading (LaTeX paragraph headings)', () => {
    const p = page(1, []);
    const runIn = line(['LLVM Filecheck'], 40, 150, { bold: true });
    p.blocks = [
      para([line(['Guide'], 40, 60, { fontSize: 18, bold: true })]), body(90), body(120),
      para([runIn]), para([line(['Tests are checked with FileCheck.'], 130, 150)]), body(170),
    ];
    const outline = [{ title: 'Guide', level: 1, page: 1 }, { title: 'Other', level: 2, page: 1 }];
    expect(levels(headings.run(doc([p], outline), DEFAULT_CONFIG).pages[0]!)).toEqual([1, 0, 0, 3, 0, 0]);
  });

  it('below an outline, does not give a bold code line the level of bold body-size headings (examples in a manual)', () => {
    const p = page(1, []);
    const mono = { bold: true, monospace: true, fontName: 'Courier-Bold' };
    p.blocks = [
      para([line(['Guide'], 40, 60, { fontSize: 18, bold: true })]), body(90),
      para([line(['Connecting'], 40, 132, { bold: true })]), body(152), body(184),
      para([line(['db2 connect to sample user db2inst1'], 40, 228, mono)]), body(248),
    ];
    const outline = [{ title: 'Guide', level: 1, page: 1 }, { title: 'Connecting', level: 5, page: 1 }];
    expect(levels(headings.run(doc([p], outline), DEFAULT_CONFIG).pages[0]!)).toEqual([1, 0, 5, 0, 0, 0, 0]);
  });

  it('below an outline cut short, takes a larger bold line set smaller than every listed heading for the next level down', () => {
    const p = page(1, []);
    p.blocks = [
      para([line(['What is Earth Science?'], 40, 60, { fontSize: 24, bold: true })]), body(90),
      para([line(['1.1 Nature of Science'], 40, 130, { fontSize: 17, bold: true })]), body(150),
      para([line(['Lesson Objectives'], 40, 190, { fontSize: 16, bold: true })]), body(210),
      para([line(['Chapter summary'], 40, 250, { fontSize: 30, bold: true })]), body(290),
    ];
    const outline = [{ title: 'What is Earth Science?', level: 1, page: 1 }, { title: 'Nature of Science', level: 2, page: 1 }];
    expect(levels(headings.run(doc([p], outline), DEFAULT_CONFIG).pages[0]!)).toEqual([1, 0, 2, 0, 3, 0, 0, 0]);
  });
});

describe('statement and float labels', () => {
  it('takes no bold "Theorem 2 (…)", "Figure A1" or "Table 3: …" label for a heading', async () => {
    const pdf = await PDFDocument.create();
    const body = await pdf.embedFont(StandardFonts.TimesRoman), bold = await pdf.embedFont(StandardFonts.TimesRomanBold);
    const page = pdf.addPage([612, 792]);
    let y = 740;
    page.drawText('Learning Rates', { x: 72, y, size: 14, font: bold });
    for (const label of ['Theorem 2 (Convergence)', 'Figure A1', 'Table 3: Results of the five runs']) {
      ['We trained every model on the same split of the data and report the mean of', 'five runs, with the learning rate chosen on the validation set.']
        .forEach((t, i) => page.drawText(t, { x: 72, y: y - 24 - i * 12, size: 10, font: body }));
      page.drawText(label, { x: 72, y: y - 64, size: 11, font: bold });
      y -= 72;
    }
    const { markdown } = await convert(await pdf.save());
    expect(markdown).toMatch(/^# Learning Rates$/m);
    expect(markdown.match(/^#/gm)).toHaveLength(1);
    expect(markdown).toContain('**Theorem 2 (Convergence)**');
  });
});

describe('body size', () => {
  it('counts text set in a fixed-pitch CJK face as prose, so a Chinese text outweighs its smaller Latin references', () => {
    const sentence = '知识图谱一般表示为三元组的形式，其中实体和关系的集合构成图谱。';
    const chinese = textLines(Array.from({ length: 8 }, () => sentence), 40, 100, { fontSize: 12, monospace: true }, 20);
    const latin = textLines(['Keywords: knowledge graph, recommender system, ripple network.'], 40, 280, { fontSize: 12 }, 20);
    const references = textLines(['[1] HE X, LIAO L, ZHANG H, et al. Neural collaborative filtering. Proceedings of the 26th WWW.', '[2] SUN Y, YUAN N J, XIE X, et al. Collaborative intent prediction with real-time contextual data.'], 40, 320, { fontSize: 10.5 }, 14);
    const paras = [para(chinese), para(latin), para(references)];
    const out = headings.run(doc([page(1, [...chinese, ...latin, ...references], { blocks: paras })]), DEFAULT_CONFIG);
    expect(levels(out.pages[0]!)).toEqual([0, 0, 0]);
    // Code stays code: a Latin fixed-pitch face is no prose.
    expect(bodySize([...textLines(['const x = 1;'], 40, 500, { fontSize: 9, monospace: true }), ...references])).toBe(10.5);
  });
});
