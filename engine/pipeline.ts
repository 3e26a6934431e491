/**
 * The ordered stage list and the runner. Table stages come from engine/tables:
 * `treeTables` takes the tables a trusted structure tree states, `contents`
 * takes tables of contents as lists (their columns are no table), `tables`
 * finds the others on full-width lines (before reading order splits them at
 * gutters), `joinTables` merges tables split across pages once blocks exist,
 * and `rtlColumns` puts the columns of a right-to-left document's tables in
 * reading order. `treeLists` likewise takes the lists a trusted tree states
 * before `lists` finds the others by their markers. `runOn` joins a
 * paragraph that a column or page breaks mid-sentence, once lists, quotes and
 * footnotes have taken their blocks.
 */
import type { Doc } from './model.ts';
import { DEFAULT_CONFIG, type EngineConfig, type Stage } from './stage.ts';
import { typewriter } from './stages/typewriter.ts';
import { boldBody } from './stages/bold-body.ts';
import { lines } from './stages/lines.ts';
import { furniture } from './stages/furniture.ts';
import { contents } from './stages/contents.ts';
import { readingOrder } from './stages/reading-order.ts';
import { blocks } from './stages/blocks.ts';
import { headings } from './stages/headings.ts';
import { code } from './stages/code.ts';
import { lists } from './stages/lists.ts';
import { treeLists } from './stages/tree-lists.ts';
import { quotes } from './stages/quotes.ts';
import { joinTables } from './tables/join-tables.ts';
import { tables } from './tables/tables.ts';
import { treeTables } from './tables/tree-tables.ts';
import { rtlColumns } from './tables/rtl-columns.ts';
import { internalLinks } from './stages/internal-links.ts';
import { footnotes } from './stages/footnotes.ts';
import { runOn } from './stages/run-on.ts';

/** The pipeline's stages in order. */
export const STAGES: readonly Stage[] = [typewriter, boldBody, lines, furniture, treeTables, contents, tables, readingOrder, blocks, headings, code, treeLists, lists, quotes, footnotes, runOn, joinTables, rtlColumns, internalLinks];

/** Runs the stages in order over the document. */
export function runStages(doc: Doc, stages: readonly Stage[] = STAGES, cfg: EngineConfig = DEFAULT_CONFIG): Doc {
  return stages.reduce((d, s) => s.run(d, cfg), doc);
}
