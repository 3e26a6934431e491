/** Fenced code block renderer. */
import type { Block } from '../model.ts';

/** A fence longer than any backtick run inside the code. */
export function renderCode(b: Extract<Block, { kind: 'code' }>): string {
  const longest = Math.max(2, ...[...b.text.matchAll(/^\s*(`{3,})/gm)].map((m) => m[1]!.length));
  const fence = '`'.repeat(longest + 1);
  return `${fence}${b.lang ?? ''}\n${b.text.replace(/\n+$/, '')}\n${fence}`;
}
