/**
 * Careful text normalisation: expands typographic ligatures and drops
 * invisible characters, and Arabic presentation forms to letters, leaving
 * everything else (accents, CJK, RTL) as is.
 */

const LIGATURES: Record<string, string> = {
  '\uFB00': 'ff', '\uFB01': 'fi', '\uFB02': 'fl', '\uFB03': 'ffi', '\uFB04': 'ffl',
  '\uFB05': 'st', '\uFB06': 'st',
};

// Zero-width and control characters that carry no text; the soft hyphen is
// kept only at the end of a run, where it marks a hyphenation point.
// eslint-disable-next-line no-control-regex -- removing control characters is the point
const INVISIBLE = /[\u200B-\u200D\u2060\uFEFF\u0000-\u0008\u000B\u000C\u000E-\u001F]/g;
const ODD_SPACES = /[\u00A0\u2000-\u200A\u202F\u205F\u3000]/g;

// Arabic presentation forms (positional letters, lam-alef and other ligatures) to their letters;
// pdf.js leaves U+FE7E-U+FEFC (lam-alef among them) as they are.
const ARABIC_FORMS = /[\uFB50-\uFDFF\uFE70-\uFEFC]+/g;

/** Printable ASCII, which none of the rules below changes: most runs of most documents. */
const PLAIN = /^[\x20-\x7e]*$/;

/** Normalises one run of extracted text. */
export function normaliseText(text: string): string {
  if (PLAIN.test(text)) return text;
  let out = text.replace(/[\uFB00-\uFB06]/g, (c) => LIGATURES[c] ?? c).replace(ARABIC_FORMS, (s) => s.normalize('NFKC'));
  out = out.replace(INVISIBLE, '').replace(ODD_SPACES, ' ');
  // A soft hyphen inside a run is invisible; at the very end it is a visible break hyphen.
  out = out.replace(/\u00AD(?!$)/g, '').replace(/\u00AD$/, '-');
  return out;
}
