/**
 * Script detection before OCR: tesseract's orientation-and-script detection
 * (OSD) names the writing system of a rendered page (Latin, Han, Hangul…) in
 * well under a second, so the page is read with the language that fits
 * instead of English inventing Latin words for Chinese glyphs. OSD runs only
 * on tesseract's legacy engine, so it gets a worker of its own, started on the
 * legacy core with the `osd` data package; without that package there is no
 * detector and pages are read in English.
 */
import { join } from 'node:path';
import { languagePackageDir } from './languages.ts';

/** A page's script as OSD names it, with tesseract's confidence in that call. */
export type DetectedScript = { script: string; confidence: number };

/** A running OSD worker. */
export type ScriptDetector = {
  /** The page's script, or null when OSD finds too little text to tell. */
  detect(image: Buffer): Promise<DetectedScript | null>;
  terminate(): Promise<void>;
};

/** Starts an OSD worker, or resolves to null when the `osd` data package is not installed. */
export async function createScriptDetector(): Promise<ScriptDetector | null> {
  const dir = languagePackageDir('osd');
  if (dir === null) return null;
  // Tesseract is loaded when OCR starts, not with the engine.
  const { createWorker, OEM } = await import('tesseract.js');
  // OSD needs the legacy model, which the package keeps under 4.0.0 (best_int is LSTM-only).
  const worker = await createWorker('osd', OEM.TESSERACT_ONLY, {
    langPath: join(dir, '4.0.0'),
    cacheMethod: 'none',
    gzip: true,
    legacyCore: true,
    legacyLang: true,
    // Tesseract warns on stderr about images without a resolution; the engine has no use for it.
    logger: () => undefined,
    errorHandler: () => undefined,
  });
  return {
    async detect(image) {
      const { data } = await worker.detect(image);
      return data.script ? { script: data.script, confidence: data.script_confidence ?? 0 } : null;
    },
    terminate: async () => {
      await worker.terminate();
    },
  };
}
