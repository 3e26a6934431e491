/** Block quote renderer. */
import type { Block } from '../model.ts';
import type { RenderContext } from './context.ts';

/** Every line of the rendered children prefixed with `> `. */
export function renderQuote(b: Extract<Block, { kind: 'quote' }>, ctx: RenderContext): string {
  const inner = ctx.renderBlocks(b.children);
  return inner.split('\n').map((l) => (l ? `> ${l}` : '>')).join('\n');
}
