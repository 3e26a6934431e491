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

/** The text with its brackets as drawn; see the module comment. Text whose brackets pair as they stand is returned as it is. */
export function drawnBrackets(text: string): string {
  if (!/[()[\]{}]/u.test(text) || balanced(text, false) || !balanced(text, true)) return text;
  return text.replace(BRACKET, (b) => MIRROR[b]!);
}
