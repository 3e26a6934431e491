/**
 * Glyphs without text on pages pdf.js reads: the same rule as the direct
 * reader's (glyph-ordinals.ts), given the same facts. pdf.js's fonts carry
 * their /Differences to this side but not their ToUnicode, so the page's
 * fonts are judged from the objects (a cheap look that finds none on almost
 * every page), and a pdf.js font is the judged one when it is a Type 3 font
 * with the same /Differences. Only a page that has such a font pays for the
 * operator list that brings pdf.js's fonts over.
 */
import type { PDFPageProxy } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { isDict, isName, type PdfDict } from './pdf-objects/values.ts';
import type { DirectObjects } from './direct/object-source.ts';
import type { PageRef } from './lazy-objects.ts';
import { pageDict, pageResources } from './direct/page-source.ts';
import { toUnicodeData } from './direct/fonts/font-descriptor.ts';
import { simpleEncoding } from './direct/fonts/simple-encoding.ts';
import { parseToUnicode } from './direct/fonts/to-unicode-cmap.ts';
import { unmappedType3 } from './glyph-ordinals.ts';

/** Nesting of form XObjects followed when looking for fonts (pdf.js follows any; deeper ones go unjudged). */
const MAX_FORM_DEPTH = 4;

/** A font's /Differences as one string, the key both sides compute. */
export function differencesKey(differences: Iterable<[number, string]>): string {
  return [...differences].filter(([, name]) => name !== '.notdef').sort((a, b) => a[0] - b[0]).map(([code, name]) => `${code}/${name}`).join(' ');
}

/** The key of a Type 3 font dictionary whose glyphs have no text; null for any other font. */
function unmappedKey(objects: DirectObjects, font: PdfDict): string | null {
  if (!isName(objects.lookup(font, 'Subtype'), 'Type3')) return null;
  const { differences } = simpleEncoding(objects, font, 'Type3', 0, '');
  const data = toUnicodeData(objects, font.map.get('ToUnicode'));
  const cmap = data ? parseToUnicode(data) : new Map<number, string>();
  return unmappedType3(differences, cmap.values()) ? differencesKey(differences) : null;
}

/** Collects the keys of the unmapped fonts in `res` and the forms it paints. */
function collect(objects: DirectObjects, res: PdfDict, depth: number, seen: Set<PdfDict>, out: Set<string>): void {
  if (seen.has(res)) return;
  seen.add(res);
  const fonts = objects.lookup(res, 'Font');
  if (isDict(fonts)) {
    for (const key of fonts.map.keys()) {
      const font = objects.lookup(fonts, key);
      if (!isDict(font)) continue;
      try {
        const found = unmappedKey(objects, font);
        if (found) out.add(found);
      } catch {
        // A font the objects cannot read is left to pdf.js as it is.
      }
    }
  }
  const forms = objects.lookup(res, 'XObject');
  if (!isDict(forms) || depth >= MAX_FORM_DEPTH) return;
  for (const key of forms.map.keys()) {
    try {
      // A stream object resolves to its dictionary: nothing is decoded.
      const form = objects.lookup(forms, key);
      const inner = isDict(form) && isName(objects.lookup(form, 'Subtype'), 'Form') ? objects.lookup(form, 'Resources') : undefined;
      if (isDict(inner)) collect(objects, inner, depth + 1, seen, out);
    } catch {
      // An unreadable form: its fonts go unjudged.
    }
  }
}

/** The keys of the unmapped Type 3 fonts a page (by object reference) uses, in the file whose objects `objectsOf` gives. */
export function unmappedFontHint(objectsOf: () => DirectObjects | null): (ref: PageRef | null) => ReadonlySet<string> {
  const none = new Set<string>();
  return (ref) => {
    const objects = ref ? objectsOf() : null;
    if (!ref || !objects) return none;
    const out = new Set<string>();
    try {
      collect(objects, pageResources(objects, pageDict(objects, ref)), 0, new Set(), out);
    } catch {
      return none;
    }
    return out;
  };
}

type LoadedType3 = { isType3Font?: boolean; differences?: unknown };

/**
 * The pdf.js font ids among `ids` whose font is one of the unmapped ones
 * (`keys`, from unmappedFontHint). Fetches the page's operator list, which
 * brings the fonts over; none when that fails.
 */
export async function unmappedFontIds(page: PDFPageProxy, ids: Iterable<string>, keys: ReadonlySet<string>): Promise<Set<string>> {
  const out = new Set<string>();
  if (keys.size === 0) return out;
  try {
    await page.getOperatorList();
  } catch {
    return out;
  }
  for (const id of new Set(ids)) {
    let font: LoadedType3 | null;
    try {
      font = page.commonObjs.has(id) ? (page.commonObjs.get(id) as LoadedType3) : null;
    } catch {
      font = null;
    }
    if (font?.isType3Font && font.differences instanceof Map && keys.has(differencesKey(font.differences as Map<number, string>))) out.add(id);
  }
  return out;
}
