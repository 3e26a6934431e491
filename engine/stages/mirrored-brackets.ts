/**
 * Brackets of right-to-left text as drawn. A bracket in right-to-left text
 * is drawn mirrored: the logical `)` of `519 (e)` shows as `(` at the left.
 * Chromium's PDFs name the glyph drawn (`(e) 519` read left to right);
 * LibreOffice's name the character typed, so the same cell reads `)e( 519`
 * and the bidirectional algorithm, which mirrors brackets itself, turns it
 * into `e( 519(`. Brackets that close before they open, and pair up once
 * each is swapped for its mirror, were named for the character typed: they
 * are put back to what the page shows before the text is reordered.
 */

const MIRROR: Readonly<Record<string, string>> = { '(': ')', ')': '(', '[': ']', ']': '[', '{': '}', '}': '{' };
const OPENS = new Set(['(', '[', '{']);
const BRACKET = /[()[\]{}]/gu;

/** Whether the brackets of `text`, read left to right, each close one opened before. */
function balanced(text: string, swap: boolean): boolean {
  const open: string[] = [];
  for (const b of text.match(BRACKET) ?? []) {
    const ch = swap ? MIRROR[b]! : b;
    if (OPENS.has(ch)) open.push(ch);
    else if (open.pop() !== MIRROR[ch]) return false;
  }
  return open.length === 0;
}

/** Whether the brackets of `text` close before they open, and pair once each is swapped for its mirror. */
export function inverted(text: string): boolean {
  return /[()[\]{}]/u.test(text) && !balanced(text, false) && balanced(text, true);
}

/** Every bracket of `text` swapped for its mirror. */
export const swapBrackets = (text: string): string => text.replace(BRACKET, (b) => MIRROR[b]!);

/** The text with its brackets as drawn; see the module comment. Text whose brackets pair as they stand is returned as it is. */
export const drawnBrackets = (text: string): string => (inverted(text) ? swapBrackets(text) : text);
