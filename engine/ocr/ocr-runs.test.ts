import { describe, expect, it } from 'vitest';
import type { OcrLine, OcrWord } from './ocr-engine.ts';
import { linesToRuns } from './ocr-runs.ts';

const word = (text: string, x0: number, x1: number, y0: number, y1: number, confidence = 90): OcrWord => ({ text, confidence, bbox: { x0, y0, x1, y1 } });
const ocrLine = (words: OcrWord[]): OcrLine => ({ words, bbox: { x0: words[0]!.bbox.x0, y0: Math.min(...words.map((w) => w.bbox.y0)), x1: words.at(-1)!.bbox.x1, y1: Math.max(...words.map((w) => w.bbox.y1)) } });

describe('linesToRuns', () => {
  it('joins touching words of an unspaced script and keeps a column gap', () => {
    const runs = linesToRuns([ocrLine([word('当事人', 0, 60, 0, 20), word('哈尔滨', 64, 124, 0, 20), word('公司', 400, 440, 0, 20)])], 1);
    expect(runs.map((r) => r.text)).toEqual(['当事人哈尔滨', '公司']);
    expect(runs[0]!.box).toMatchObject({ x0: 0, x1: 124 });
  });

  it('keeps Latin words apart, drops noise, and scales boxes to points', () => {
    const runs = linesToRuns([ocrLine([word('Annual', 0, 60, 0, 20), word('~', 62, 64, 0, 20, 10), word('report', 66, 130, 0, 20)])], 2);
    expect(runs.map((r) => r.text)).toEqual(['Annual', 'report']);
    expect(runs[1]!.box).toEqual({ x0: 33, y0: 0, x1: 65, y1: 10 });
  });

  it('gives lines of nearly the usual height the usual size, and a title its own', () => {
    const lines = [20, 22, 19, 20, 40].map((h, i) => ocrLine([word('text', 0, 40, i * 50, i * 50 + h)]));
    expect(linesToRuns(lines, 1).map((r) => r.fontSize)).toEqual([20, 20, 20, 20, 40]);
  });

  it('drops unsure scraps (bars, symbols, one or two letters) but keeps unsure figures and Chinese characters', () => {
    const words = [word('|', 0, 5, 0, 20, 55), word('Vv', 10, 30, 0, 20, 36), word('0.878', 40, 80, 0, 20, 38), word('宇', 140, 160, 0, 20, 45), word('Total', 200, 250, 0, 20, 50), word('ok', 260, 280, 0, 20, 90)];
    expect(linesToRuns([ocrLine(words)], 1).map((r) => r.text)).toEqual(['0.878', '宇', 'Total', 'ok']);
  });
});
