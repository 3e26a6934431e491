/** The text of a furniture line as it recurs from page to page: digits of any common set folded, spacing collapsed. */

/** Text with digits folded and spacing collapsed, so "Page 3 of 9" matches "Page 4 of 9". */
export function furnitureKey(text: string): string {
  return asciiDigits(text).toLowerCase().replace(/\d+/g, '#').replace(/\s+/g, ' ').trim();
}

/** The zero of each digit set folios are commonly numbered in besides ASCII: Arabic-Indic, Persian, Devanagari, Bengali, Thai, fullwidth. */
const DIGIT_ZEROS = [0x660, 0x6f0, 0x966, 0x9e6, 0xe50, 0xff10];

/** Digits of those sets as ASCII ones (٥ → 5), so the page-number patterns read them. */
export function asciiDigits(text: string): string {
  // Every digit it rewrites is at U+0660 or above: text below that throughout, as most is, is returned as it is.
  let i = 0;
  while (i < text.length && text.charCodeAt(i) < DIGIT_ZEROS[0]!) i++;
  if (i === text.length) return text;
  return text.replace(/\p{Nd}/gu, (d) => {
    const cp = d.codePointAt(0)!;
    const zero = DIGIT_ZEROS.find((z) => cp >= z && cp <= z + 9); // the set's ten digits, zero to nine
    return zero === undefined ? d : String(cp - zero);
  });
}
