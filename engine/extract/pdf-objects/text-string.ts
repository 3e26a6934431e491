/**
 * PDF text strings (PDF 32000 §7.9.2.2) decoded as pdf.js's stringToPDFString
 * does: UTF-16 (either byte order) or UTF-8 after a byte-order mark, else
 * PDFDocEncoding; language escapes (ESC … ESC) are dropped.
 */

/** PDFDocEncoding where it differs from Latin-1 (PDF 32000 Annex D.2): byte → code point. */
const PDF_DOC: Record<number, number> = {
  0x18: 0x02d8, 0x19: 0x02c7, 0x1a: 0x02c6, 0x1b: 0x02d9, 0x1c: 0x02dd, 0x1d: 0x02db, 0x1e: 0x02da, 0x1f: 0x02dc,
  0x80: 0x2022, 0x81: 0x2020, 0x82: 0x2021, 0x83: 0x2026, 0x84: 0x2014, 0x85: 0x2013, 0x86: 0x0192, 0x87: 0x2044,
  0x88: 0x2039, 0x89: 0x203a, 0x8a: 0x2212, 0x8b: 0x2030, 0x8c: 0x201e, 0x8d: 0x201c, 0x8e: 0x201d, 0x8f: 0x2018,
  0x90: 0x2019, 0x91: 0x201a, 0x92: 0x2122, 0x93: 0xfb01, 0x94: 0xfb02, 0x95: 0x0141, 0x96: 0x0152, 0x97: 0x0160,
  0x98: 0x0178, 0x99: 0x017d, 0x9a: 0x0131, 0x9b: 0x0142, 0x9c: 0x0153, 0x9d: 0x0161, 0x9e: 0x017e, 0xa0: 0x20ac,
};

function byteOrderMark(s: string): 'utf-16be' | 'utf-16le' | 'utf-8' | null {
  if (s.startsWith('\xfe\xff')) return 'utf-16be';
  if (s.startsWith('\xff\xfe')) return 'utf-16le';
  return s.startsWith('\xef\xbb\xbf') ? 'utf-8' : null;
}

const ESC = '\x1b';

/** The text without its language escapes (ESC … ESC, or ESC to the end). */
function dropEscapes(text: string): string {
  let out = '';
  for (let i = 0; i < text.length; i++) {
    if (text[i] !== ESC) out += text[i];
    else while (++i < text.length && text[i] !== ESC);
  }
  return out;
}

/** Decodes a text string given as raw bytes (one char per byte). */
export function decodeTextString(bytes: string): string {
  const bom = byteOrderMark(bytes);
  if (bom) {
    const even = bom === 'utf-8' || bytes.length % 2 === 0 ? bytes : bytes.slice(0, -1);
    try {
      const text = new TextDecoder(bom, { fatal: true }).decode(Buffer.from(even, 'latin1'));
      return text.includes(ESC) ? dropEscapes(text) : text;
    } catch {
      // Not valid in its declared encoding: read it as PDFDocEncoding, like pdf.js.
    }
  }
  let out = '';
  for (const ch of dropEscapes(bytes)) {
    const c = ch.charCodeAt(0);
    out += String.fromCharCode(PDF_DOC[c] ?? c);
  }
  return out;
}
