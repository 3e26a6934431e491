/** Picture renderer: a Markdown image linking the PNG written beside the Markdown. */
import type { Block } from '../model.ts';

/** Alt text on one line, without the brackets that would end it. */
const altText = (alt: string) => alt.replace(/\s+/g, ' ').replace(/[[\]\\]/g, (c) => `\\${c}`).trim();

export function renderImage(b: Extract<Block, { kind: 'image' }>): string {
  return `![${altText(b.alt)}](${b.name})`;
}
