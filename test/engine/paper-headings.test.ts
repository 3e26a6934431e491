/**
 * Headings of papers and handbooks end to end: numbered section titles in bold
 * body type, headings numbered differently in the text and in the bookmarks,
 * and SQL examples that must stay code.
 */
import { describe, expect, it } from 'vitest';
import { PDFDocument, PDFName, PDFString, StandardFonts, type PDFPage, type PDFRef } from 'pdf-lib';
import { convert } from '../../engine/index.ts';

const PROSE = [
  'We trained every model on the same split of the data and report the mean of',
  'five runs. The learning rate was chosen on the validation set, and the batch',
  'size was kept fixed across all of the experiments that follow in this part.',
];

type Fonts = { body: Awaited<ReturnType<PDFDocument['embedFont']>>; bold: Awaited<ReturnType<PDFDocument['embedFont']>>; mono: Awaited<ReturnType<PDFDocument['embedFont']>> };

async function fonts(pdf: PDFDocument): Promise<Fonts> {
  return { body: await pdf.embedFont(StandardFonts.TimesRoman), bold: await pdf.embedFont(StandardFonts.TimesRomanBold), mono: await pdf.embedFont(StandardFonts.Courier) };
}

/** Draws prose from y down; returns the y below it. */
function prose(page: PDFPage, f: Fonts, y: number): number {
  PROSE.forEach((t, i) => page.drawText(t, { x: 72, y: y - i * 13, size: 10, font: f.body }));
  return y - PROSE.length * 13 - 12;
}

/** A handbook page: a large title, then sections numbered "2.1", "2.2"… in bold body type; one bold sentence. */
async function handbook(): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const f = await fonts(pdf);
  const page = pdf.addPage([612, 792]);
  page.drawText('Experiments', { x: 72, y: 730, size: 16, font: f.bold });
  let y = prose(page, f, 700);
  for (const title of ['2.1 Hyper Parameter Optimization', '2.2 Results on the Test Set', '2.2.1 Ablations']) {
    page.drawText(title, { x: 72, y: y - 6, size: 10, font: f.bold });
    y = prose(page, f, y - 24);
  }
  page.drawText('This feature is still experimental.', { x: 72, y: y - 6, size: 10, font: f.bold });
  prose(page, f, y - 24);
  return pdf.save();
}

/** Adds a flat outline of (title, page) entries, as hyperref writes it. */
function addOutline(pdf: PDFDocument, entries: { title: string; page: PDFPage }[]): void {
  const ctx = pdf.context;
  const root = ctx.nextRef();
  const refs: PDFRef[] = entries.map(() => ctx.nextRef());
  entries.forEach((e, i) => {
    ctx.assign(refs[i]!, ctx.obj({
      Title: PDFString.of(e.title), Parent: root, Dest: [e.page.ref, PDFName.of('XYZ'), null, null, null],
      ...(i > 0 ? { Prev: refs[i - 1]! } : {}), ...(i < refs.length - 1 ? { Next: refs[i + 1]! } : {}),
    }));
  });
  ctx.assign(root, ctx.obj({ Type: 'Outlines', First: refs[0]!, Last: refs.at(-1)!, Count: refs.length }));
  pdf.catalog.set(PDFName.of('Outlines'), root);
}

/** An IEEE-style paper: "I. INTRODUCTION" and "A. Related Work" in body type, bookmarked "I Introduction" and "I-A Related Work" (one level, for brevity). */
async function paper(): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const f = await fonts(pdf);
  const page = pdf.addPage([612, 792]);
  page.drawText('Learning to Convert Documents', { x: 150, y: 730, size: 16, font: f.bold });
  page.drawText('I. INTRODUCTION', { x: 250, y: 690, size: 10, font: f.body });
  let y = prose(page, f, 670);
  page.drawText('A. Related Work', { x: 72, y: y - 6, size: 10, font: f.body });
  y = prose(page, f, y - 24);
  page.drawText('II. METHOD', { x: 270, y: y - 6, size: 10, font: f.body });
  prose(page, f, y - 24);
  addOutline(pdf, [{ title: 'I Introduction', page }, { title: 'I-A Related Work', page }, { title: 'II Method', page }]);
  return pdf.save();
}

/** A manual page: prose, code examples in 8pt Courier, and a SQL statement in 9pt Courier. */
async function manual(): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const f = await fonts(pdf);
  const page = pdf.addPage([612, 792]);
  let y = prose(page, f, 730);
  ['db2 connect to sample', 'db2 list tables', 'db2 describe table staff', 'db2 terminate'].forEach((t, i) => page.drawText(t, { x: 90, y: y - i * 10, size: 8, font: f.mono }));
  y = prose(page, f, y - 52);
  page.drawText('SELECT NAME, SALARY FROM STAFF WHERE DEPT = 20', { x: 90, y, size: 9, font: f.mono });
  prose(page, f, y - 24);
  return pdf.save();
}

/** A paper section with run-in headings: bold title-case lead-ins a normal space before their text, and a bold sentence. */
async function runInPaper(): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const f = await fonts(pdf);
  const page = pdf.addPage([612, 792]);
  page.drawText('3.1 Measuring Losses', { x: 72, y: 730, size: 12, font: f.bold });
  page.drawText('3.2 Measuring Literacy', { x: 72, y: 430, size: 12, font: f.bold });
  let y = 700;
  const paras: [string, string][] = [['Absolute Financial Losses.', 'We measure losses by asking households'], ['Relative Financial Losses.', 'We divide the losses by total wealth'], ['This result is robust.', 'It holds in every subsample we tried']];
  for (const [lead, rest] of paras) {
    page.drawText(lead, { x: 72, y, size: 10, font: f.bold });
    page.drawText(rest, { x: 76 + f.bold.widthOfTextAtSize(lead, 10), y, size: 10, font: f.body });
    y = prose(page, f, y - 13);
  }
  return pdf.save();
}

/** An AASTeX-style front page: "ABSTRACT" centred in body type right above the abstract, at the abstract's own line pitch. */
async function abstractPage(): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const f = await fonts(pdf);
  const page = pdf.addPage([612, 792]);
  page.drawText('Learning to Convert Documents', { x: 150, y: 730, size: 14, font: f.bold });
  const centreOfProse = 72 + f.body.widthOfTextAtSize(PROSE[0]!, 10) / 2;
  const centred = (label: string, y: number, font = f.body) => page.drawText(label, { x: centreOfProse - font.widthOfTextAtSize(label, 10) / 2, y, size: 10, font });
  centred('ABSTRACT', 690);
  prose(page, f, 677);
  page.drawText('1 Introduction', { x: 72, y: 610, size: 12, font: f.bold });
  prose(page, f, 590);
  // After the last section, in bold capitals: at the sections' level, below the title.
  centred('ACKNOWLEDGMENTS', 520, f.bold);
  prose(page, f, 507);
  return pdf.save();
}

describe('paper and handbook headings', () => {
  it('takes a centred label in capitals right above a paragraph for a heading (AASTeX\'s ABSTRACT)', async () => {
    const { markdown } = await convert(await abstractPage());
    expect(markdown).toMatch(/^# Learning to Convert Documents$/m);
    expect(markdown).toMatch(/^## ABSTRACT\n\nWe trained every model/m);
    expect(markdown).toMatch(/^## 1 Introduction$/m);
    expect(markdown).toMatch(/^## ACKNOWLEDGMENTS\n\nWe trained every model/m);
  });

  it('splits run-in headings off their paragraph, one level below the numbered sections', async () => {
    const { markdown } = await convert(await runInPaper());
    expect(markdown).toMatch(/^# 3\.1 Measuring Losses$/m);
    expect(markdown).toMatch(/^## Absolute Financial Losses\.\n\nWe measure losses by asking households/m);
    expect(markdown).toMatch(/^## Relative Financial Losses\.$/m);
    expect(markdown).toContain('**This result is robust.** It holds in every subsample');
  });

  it('takes numbered bold body-size titles for headings, levelled by their numbers, and leaves a bold sentence alone', async () => {
    const { markdown } = await convert(await handbook());
    expect(markdown).toMatch(/^# Experiments$/m);
    expect(markdown).toMatch(/^## 2\.1 Hyper Parameter Optimization$/m);
    expect(markdown).toMatch(/^## 2\.2 Results on the Test Set$/m);
    expect(markdown).toMatch(/^### 2\.2\.1 Ablations$/m);
    expect(markdown).toContain('**This feature is still experimental.**');
  });

  it('matches headings with bookmarks numbered another way', async () => {
    const { markdown } = await convert(await paper());
    // The title heads the paper; the sections its flat outline lists go one level below it.
    expect(markdown).toMatch(/^# Learning to Convert Documents$/m);
    expect(markdown).toMatch(/^## I\. INTRODUCTION$/m);
    expect(markdown).toMatch(/^## A\. Related Work$/m);
    expect(markdown).toMatch(/^## II\. METHOD$/m);
  });

  it('keeps SQL set in a larger code size out of the headings', async () => {
    const { markdown } = await convert(await manual());
    expect(markdown).not.toMatch(/^#/m);
    expect(markdown).toContain('SELECT NAME, SALARY FROM STAFF WHERE DEPT = 20');
  });
});
