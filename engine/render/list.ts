/** List renderer: `-` or `1.` markers, nested blocks indented under their item. */
import type { Block } from '../model.ts';
import type { RenderContext } from './context.ts';
import { renderInline } from './inline.ts';

/** Renders a list; children are indented by the marker's width so they nest. */
export function renderList(b: Extract<Block, { kind: 'list' }>, ctx: RenderContext): string {
  const start = b.start ?? 1;
  return b.items
    .map((item, i) => {
      const marker = b.ordered ? `${start + i}.` : '-';
      const pad = ' '.repeat(marker.length + 1);
      const head = `${marker} ${renderInline(item.spans)}`.trimEnd();
      if (item.children.length === 0) return head;
      const body = ctx.renderBlocks(item.children).split('\n').map((l) => (l ? pad + l : l)).join('\n');
      return `${head}\n${body}`;
    })
    .join('\n');
}
