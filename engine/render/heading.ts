/** ATX heading renderer. */
import type { Block } from '../model.ts';
import { renderInline } from './inline.ts';

/** `## Text` with the block's level. */
export function renderHeading(b: Extract<Block, { kind: 'heading' }>): string {
  // Emphasis inside a heading is the heading's own style, not meaning.
  const text = renderInline(b.spans.map((s) => ({ ...s, bold: false, italic: false }))).replace(/^\\(?=[#>+*-])/, '');
  return text ? `${'#'.repeat(b.level)} ${text}` : '';
}
