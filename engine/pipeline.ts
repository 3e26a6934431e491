/**
 * The ordered stage list and the runner. Table stages come from engine/tables
 * (a separate module) and are slotted in when present.
 */
import type { Doc } from './model.ts';
import { DEFAULT_CONFIG, type EngineConfig, type Stage } from './stage.ts';
import { lines } from './stages/lines.ts';
import { furniture } from './stages/furniture.ts';
import { readingOrder } from './stages/reading-order.ts';
import { blocks } from './stages/blocks.ts';
import { headings } from './stages/headings.ts';

/** The pipeline's stages in order. TODO(tables): `tables` after furniture, `joinTables` last. */
export const STAGES: readonly Stage[] = [lines, furniture, readingOrder, blocks, headings];

/** Runs the stages in order over the document. */
export function runStages(doc: Doc, stages: readonly Stage[] = STAGES, cfg: EngineConfig = DEFAULT_CONFIG): Doc {
  return stages.reduce((d, s) => s.run(d, cfg), doc);
}
