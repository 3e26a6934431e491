/** Writes generated tables as ICDAR 2013 `-str.xml` truth, so the corpus's own scorer measures them. */
import type { GenTable } from './table-model.ts';

const esc = (s: string): string => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/'/g, '&apos;');

/** The truth document of one page's tables (empty cells are left out, as ICDAR does). */
export function truthXml(name: string, tables: readonly GenTable[]): string {
  const body = tables.map((t, i) => {
    const cells = t.cells.filter((c) => c.text.trim() !== '').map((c, k) =>
      `      <cell id='${k + 1}' start-row='${c.r}' end-row='${c.r + c.rs - 1}' start-col='${c.c}' end-col='${c.c + c.cs - 1}'>`
      + `<content>${esc(c.text)}</content></cell>`);
    return `  <table id='${i + 1}'>\n    <region id='1' page='1'>\n${cells.join('\n')}\n    </region>\n  </table>`;
  });
  return `<?xml version="1.0" encoding="UTF-8"?>\n<document filename='${esc(name)}'>\n${body.join('\n')}\n</document>\n`;
}
