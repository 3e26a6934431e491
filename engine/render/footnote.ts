/** Footnote definition renderer: `[^label]: text`, on one line. */
import type { Block } from '../model.ts';
import { renderInline } from './inline.ts';

export function renderFootnote(b: Extract<Block, { kind: 'footnote' }>): string {
  return `[^${b.label}]: ${renderInline(b.spans)}`;
}
