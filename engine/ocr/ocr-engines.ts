/**
 * The OCR workers of one conversion: one recognition worker per language,
 * started the first time a page needs that language, and one script
 * detector. Starting a worker costs far more than reading a page, so they
 * are kept until the document is done.
 */
import { createOcrEngine, type OcrEngine } from './ocr-engine.ts';
import { createScriptDetector, type ScriptDetector } from './script-detector.ts';

/** Lazily started OCR workers, shared by the pages of one document. */
export type OcrEngines = {
  /** The recognition worker for `lang` (a shipped language). */
  engine(lang: string): Promise<OcrEngine>;
  /** The script detector, or null when the OSD data does not ship or it failed to start. */
  detector(): Promise<ScriptDetector | null>;
  /** Stops every worker started so far. */
  terminate(): Promise<void>;
};

/** Creates an empty set of workers; nothing starts until a page asks. */
export function ocrEngines(): OcrEngines {
  const engines = new Map<string, Promise<OcrEngine>>();
  let detector: Promise<ScriptDetector | null> | null = null;
  return {
    engine(lang) {
      let e = engines.get(lang);
      if (!e) engines.set(lang, (e = createOcrEngine(lang)));
      return e;
    },
    detector() {
      // Detection only chooses the language; without it every page is read in English.
      detector ??= createScriptDetector().catch(() => null);
      return detector;
    },
    async terminate() {
      const all: Promise<{ terminate(): Promise<void> } | null>[] = [...engines.values(), ...(detector ? [detector] : [])];
      await Promise.all(all.map(async (w) => (await w.catch(() => null))?.terminate().catch(() => undefined)));
    },
  };
}
