/** Thematic break renderer. */
import type { Block } from '../model.ts';

/** `---` */
export function renderRule(_b: Extract<Block, { kind: 'rule' }>): string {
  return '---';
}
