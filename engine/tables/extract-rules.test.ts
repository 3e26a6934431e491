import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import {
  PDFDocument, closePath, concatTransformationMatrix, fill, lineTo, moveTo, popGraphicsState,
  pushGraphicsState, rectangle, setFillingRgbColor, setLineWidth, setStrokingRgbColor, stroke,
} from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import type { Rule } from '../model.ts';
import { extractRules } from './extract-rules.ts';

const H = 400;

/** A 300x400pt page drawn with raw operators (PDF origin bottom-left). */
async function rulesOf(draw: Parameters<ReturnType<PDFDocument['addPage']>['pushOperators']>): Promise<Rule[]> {
  const pdf = await PDFDocument.create();
  pdf.addPage([300, H]).pushOperators(...draw);
  const task = getDocument({ data: await pdf.save(), verbosity: 0 });
  try {
    const page = await (await task.promise).getPage(1);
    return await extractRules(page, H);
  } finally {
    await task.destroy();
  }
}

const rounded = (rules: Rule[]) => rules.map((r) => ({
  o: r.orientation,
  x0: Math.round(r.box.x0), y0: Math.round(r.box.y0), x1: Math.round(r.box.x1), y1: Math.round(r.box.y1),
}));

describe('extractRules', () => {
  it('reads stroked lines as rules in top-left coordinates, widened by the line width', async () => {
    const rules = await rulesOf([
      setLineWidth(2), moveTo(50, 300), lineTo(250, 300), stroke(),
      moveTo(100, 350), lineTo(100, 250), stroke(),
    ]);
    expect(rounded(rules)).toEqual([
      { o: 'h', x0: 50, y0: 99, x1: 250, y1: 101 },
      { o: 'v', x0: 99, y0: 50, x1: 101, y1: 150 },
    ]);
  });

  it('reads the four sides of a stroked rectangle and thin filled rectangles, not large fills', async () => {
    const rules = await rulesOf([
      setLineWidth(1), rectangle(20, 20, 100, 50), stroke(),
      rectangle(150, 200, 120, 0.8), fill(),
      rectangle(150, 300, 100, 60), fill(),
    ]);
    const r = rounded(rules);
    expect(r.filter((x) => x.o === 'h')).toHaveLength(3);
    expect(r.filter((x) => x.o === 'v')).toHaveLength(2);
    expect(r).toContainEqual({ o: 'h', x0: 150, y0: 199, x1: 270, y1: 200 });
    expect(r).not.toContainEqual(expect.objectContaining({ x0: 150, x1: 250 }));
  });

  it('applies the current transform and restores it, and ignores white strokes and diagonals', async () => {
    const rules = await rulesOf([
      pushGraphicsState(), concatTransformationMatrix(2, 0, 0, 2, 10, 10),
      moveTo(0, 0), lineTo(50, 0), stroke(),
      popGraphicsState(),
      moveTo(0, 390), lineTo(40, 390), stroke(),
      setStrokingRgbColor(1, 1, 1), moveTo(0, 380), lineTo(200, 380), stroke(),
      setStrokingRgbColor(0, 0, 0), moveTo(0, 0), lineTo(100, 100), closePath(), stroke(),
      setFillingRgbColor(1, 1, 1), rectangle(0, 100, 200, 1), fill(),
    ]);
    const h = rules.filter((x) => x.orientation === 'h').map((x) => x.box);
    expect(h.map((b) => [Math.round(b.x0), Math.round(b.x1), Math.round((b.y0 + b.y1) / 2)])).toEqual([[10, 110, 390], [0, 40, 10]]);
  });
});
