/**
 * Text in the ZapfDingbats font as pdftotext reads it. A non-embedded
 * ZapfDingbats whose /Encoding is a dictionary without differences comes out
 * of pdf.js as the Standard-encoded letter of each code ('+' for the pointing
 * hand ☞ that groff's mom uses as a sub-bullet). The font's own encoding maps
 * its codes to the Unicode Dingbats block, designed to follow it.
 */
import type { Page } from '../model.ts';

/** Codes whose dingbat lies outside the run U+2700 + (code − 0x20). */
const LOW_EXCEPTIONS: Record<number, number> = {
  0x25: 0x260e, 0x2a: 0x261b, 0x2b: 0x261e, 0x48: 0x2605, 0x6c: 0x25cf, 0x6e: 0x25a0, 0x73: 0x25b2, 0x74: 0x25bc, 0x75: 0x25c6, 0x77: 0x25d7,
};

/** The dingbat of a ZapfDingbats code in 0x21–0x7E, as pdftotext and the font's encoding give it. */
export function dingbatFor(code: number): number | undefined {
  if (code < 0x21 || code > 0x7e) return undefined;
  return LOW_EXCEPTIONS[code] ?? 0x2700 + (code - 0x20);
}

const NAME = /^(?:[A-Z]{6}\+)?(?:ZapfDingbats|Dingbats|ITCZapfDingbats)(?:-Regular)?$/;

/** True for the ZapfDingbats font by name (subset tag allowed). */
export const isDingbatsFont = (name: string): boolean => NAME.test(name);

/** A ZapfDingbats run's text with its ASCII letters and signs read as the dingbats they draw. */
export function dingbatText(text: string): string {
  let out = '';
  for (const c of text) {
    const d = dingbatFor(c.charCodeAt(0));
    out += d === undefined ? c : String.fromCodePoint(d);
  }
  return out;
}

/** Rewrites, in place, the text of every run set in ZapfDingbats. */
export function readDingbats(pages: readonly Page[]): void {
  const verdicts = new Map<string, boolean>();
  for (let k = 0; k < pages.length; k++) {
    const page = pages[k]!;
    for (let i = 0; i < page.runs.length; i++) {
      const run = page.runs[i]!;
      let dingbats = verdicts.get(run.fontName);
      if (dingbats === undefined) verdicts.set(run.fontName, (dingbats = isDingbatsFont(run.fontName)));
      if (dingbats) run.text = dingbatText(run.text);
    }
  }
}
