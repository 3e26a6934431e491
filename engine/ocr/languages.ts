/**
 * Which tesseract language reads which script, and which of them ship. The
 * language data comes from @tesseract.js-data/<lang> npm packages installed
 * with the project (nothing is downloaded at run time); a script whose
 * language does not ship is read with English, and the confidence gate
 * (ocr-confidence.ts) keeps what that invents out of the output.
 */
import { createRequire } from 'node:module';
import { dirname } from 'node:path';

/** The language every page falls back to. */
export const DEFAULT_LANGUAGE = 'eng';

/** OSD script names (tesseract's) → the language package that reads them. */
const SCRIPT_LANGUAGE: Readonly<Record<string, string>> = {
  Latin: 'eng',
  Han: 'chi_sim',
  HanS: 'chi_sim',
  HanT: 'chi_tra',
  Japanese: 'jpn',
  Hiragana: 'jpn',
  Katakana: 'jpn',
  Hangul: 'kor',
  Korean: 'kor',
  Cyrillic: 'rus',
  Arabic: 'ara',
  Greek: 'ell',
  Devanagari: 'hin',
  Hebrew: 'heb',
  Thai: 'tha',
};

const shipped = new Map<string, string | null>();

/** The directory of an installed @tesseract.js-data package, or null when it does not ship. */
export function languagePackageDir(lang: string): string | null {
  let dir = shipped.get(lang);
  if (dir === undefined) {
    try {
      dir = dirname(createRequire(import.meta.url).resolve(`@tesseract.js-data/${lang}/package.json`));
    } catch {
      dir = null;
    }
    shipped.set(lang, dir);
  }
  return dir;
}

/** The shipped language for a script tesseract's OSD named, or null when none ships. */
export function languageForScript(script: string): string | null {
  const lang = SCRIPT_LANGUAGE[script];
  return lang !== undefined && languagePackageDir(lang) !== null ? lang : null;
}
