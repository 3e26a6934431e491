/**
 * Reading one rendered page in the right language. OSD names the page's
 * script; the page is read with the shipped language for it (English when
 * none ships or OSD cannot tell). A reading in another language that comes
 * out unsure, or mostly in Latin letters (OSD mistook a Latin page), is
 * checked against English, and the more confident reading is kept.
 */
import type { OcrLine } from './ocr-engine.ts';
import type { OcrEngines } from './ocr-engines.ts';
import { DEFAULT_LANGUAGE, languageForScript } from './languages.ts';
import { latinShare, meanConfidence, OCR_STRUCTURE_CONFIDENCE } from './ocr-confidence.ts';

/** One reading of a page image. */
export type ImageReading = { lines: OcrLine[]; lang: string; confidence: number; script?: string };

async function readWith(png: Buffer, engines: OcrEngines, lang: string): Promise<ImageReading> {
  const lines = await (await engines.engine(lang)).recognize(png);
  return { lines, lang, confidence: meanConfidence(lines) };
}

/** The script OSD sees on the page, or undefined when it cannot tell or does not ship. */
async function detectScript(png: Buffer, engines: OcrEngines): Promise<string | undefined> {
  const detector = await engines.detector();
  const found = detector ? await detector.detect(png).catch(() => null) : null;
  return found?.script;
}

/** Reads a page image with `lang`, or with the language its script calls for. */
export async function readImage(png: Buffer, engines: OcrEngines, lang?: string): Promise<ImageReading> {
  if (lang) return readWith(png, engines, lang);
  const script = await detectScript(png, engines);
  const first = (script && languageForScript(script)) || DEFAULT_LANGUAGE;
  const withScript = (r: ImageReading): ImageReading => (script ? { ...r, script } : r);
  const reading = await readWith(png, engines, first);
  if (first === DEFAULT_LANGUAGE) return withScript(reading);
  if (reading.confidence >= OCR_STRUCTURE_CONFIDENCE && latinShare(reading.lines) <= 0.5) return withScript(reading);
  const english = await readWith(png, engines, DEFAULT_LANGUAGE);
  return withScript(english.confidence > reading.confidence ? english : reading);
}
