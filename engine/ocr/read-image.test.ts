import { describe, expect, it } from 'vitest';
import type { OcrLine } from './ocr-engine.ts';
import type { OcrEngines } from './ocr-engines.ts';
import { readImage } from './read-image.ts';

const line = (text: string, confidence: number): OcrLine => ({
  bbox: { x0: 0, y0: 0, x1: 100, y1: 20 },
  words: text.split(' ').map((t, i) => ({ text: t, confidence, bbox: { x0: i * 30, y0: 0, x1: i * 30 + 25, y1: 20 } })),
});

/** Tesseract stand-in: fixed readings per language and a fixed OSD answer; records the languages asked for. */
function fakeEngines(script: string | null, readings: Record<string, OcrLine[]>): OcrEngines & { asked: string[] } {
  const asked: string[] = [];
  return {
    asked,
    engine: async (lang) => ({ lang, recognize: async () => (asked.push(lang), readings[lang] ?? []), terminate: async () => undefined }),
    detector: async () => ({ detect: async () => (script ? { script, confidence: 2 } : null), terminate: async () => undefined }),
    terminate: async () => undefined,
  };
}

const png = Buffer.alloc(0);

describe('readImage', () => {
  it('reads a Han page with Chinese, not English', async () => {
    const e = fakeEngines('Han', { chi_sim: [line('行政 处罚 决定书', 90)], eng: [line('ITHATTRES BRERKE', 24)] });
    const r = await readImage(png, e);
    expect(r).toMatchObject({ lang: 'chi_sim', script: 'Han' });
    expect(r.confidence).toBe(90);
    expect(e.asked).toEqual(['chi_sim']);
  });

  it('falls back to English when OSD took a Latin page for another script', async () => {
    const e = fakeEngines('Han', { chi_sim: [line('Integ rative Health', 74)], eng: [line('Integrative Health', 95)] });
    const r = await readImage(png, e);
    expect(r.lang).toBe('eng');
    expect(e.asked).toEqual(['chi_sim', 'eng']);
  });

  it('reads in English when the script has no shipped language or OSD cannot tell', async () => {
    for (const script of ['Georgian', null]) {
      const e = fakeEngines(script, { eng: [line('garbled words', 20)] });
      expect((await readImage(png, e)).lang).toBe('eng');
      expect(e.asked).toEqual(['eng']);
    }
  });
});
