/**
 * One tesseract.js worker, reused across pages (starting one costs far more
 * than recognising a page). Language data comes from the
 * @tesseract.js-data/<lang> npm package on disk: `langPath` is a local
 * directory, so tesseract reads the file instead of fetching from its CDN, and
 * `cacheMethod: 'none'` stops it reading or writing a cache in the working
 * directory. Nothing is downloaded at run time.
 */
import { join } from 'node:path';
import type { Worker } from 'tesseract.js';
import { languagePackageDir } from './languages.ts';

/** Word boxes in image pixels, as tesseract reports them. */
export type OcrWord = { text: string; confidence: number; bbox: { x0: number; y0: number; x1: number; y1: number } };
/** A recognised text line with its words. */
export type OcrLine = { words: OcrWord[]; bbox: OcrWord['bbox'] };

/** A running tesseract worker. Call {@link OcrEngine.terminate} when done. */
export type OcrEngine = {
  readonly lang: string;
  /** Recognises an encoded image (PNG bytes) and returns its text lines. */
  recognize(image: Buffer): Promise<OcrLine[]>;
  terminate(): Promise<void>;
};

/**
 * The on-disk directory holding `<lang>.traineddata.gz`. Uses the LSTM-only
 * "best_int" model: smaller and faster than the legacy+LSTM one.
 */
export function languageDataDir(lang: string): string {
  const dir = languagePackageDir(lang);
  if (dir === null) throw new Error(`OCR language data for ${lang} is not installed (@tesseract.js-data/${lang})`);
  return join(dir, '4.0.0_best_int');
}

type TessLine = { bbox: OcrWord['bbox']; words: { text: string; confidence: number; bbox: OcrWord['bbox'] }[] };
type TessBlocks = { paragraphs: { lines: TessLine[] }[] }[] | null;

/** Starts a worker for `lang` (default `eng`); its language package must be installed. */
export async function createOcrEngine(lang = 'eng'): Promise<OcrEngine> {
  // Tesseract is loaded when OCR starts, not with the engine.
  const { createWorker, OEM } = await import('tesseract.js');
  const worker: Worker = await createWorker(lang, OEM.LSTM_ONLY, {
    langPath: languageDataDir(lang),
    cacheMethod: 'none',
    gzip: true,
  });
  return {
    lang,
    async recognize(image) {
      const { data } = await worker.recognize(image, {}, { blocks: true, text: false });
      const blocks = (data as unknown as { blocks: TessBlocks }).blocks ?? [];
      return blocks.flatMap((b) => b.paragraphs.flatMap((p) => p.lines)).map((l) => ({
        bbox: l.bbox,
        words: l.words.map((w) => ({ text: w.text, confidence: w.confidence, bbox: w.bbox })),
      }));
    },
    terminate: async () => {
      await worker.terminate();
    },
  };
}
