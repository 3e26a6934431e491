/** Paragraph renderer. */
import type { Block } from '../model.ts';
import { renderInline } from './inline.ts';

/** One paragraph on one line (soft breaks are not meaningful after extraction). */
export function renderParagraph(b: Extract<Block, { kind: 'paragraph' }>): string {
  return renderInline(b.spans);
}
