/** ATX heading renderer. */
import type { Block } from '../model.ts';
import { renderInline } from './inline.ts';

/** `## Text` with the block's level. */
export function renderHeading(b: Extract<Block, { kind: 'heading' }>): string {
  // Emphasis inside a heading is the heading's own style, not meaning. No block starts inside a
  // heading's text, so what escapeLineStart guards against there ("# ", "1. ") needs no backslash.
  const text = renderInline(b.spans.map((s) => ({ ...s, bold: false, italic: false })))
    .replace(/^\\(?=[#>+*-])/, '').replace(/^(\d{1,9})\\(?=[.)])/, '$1');
  return text ? `${'#'.repeat(b.level)} ${text}` : '';
}
