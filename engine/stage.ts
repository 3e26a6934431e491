/**
 * What a pipeline stage is: a named pure function from Doc to Doc, with the
 * tunables every stage may read.
 */
import type { Doc } from './model.ts';

/** Tunables shared by the stages; defaults in {@link DEFAULT_CONFIG}. */
export type EngineConfig = {
  /** A line gap larger than this many times the body line spacing starts a new block. */
  paragraphGapRatio: number;
  /** Minimum share of pages a header/footer line must repeat on to count as furniture. */
  furnitureMinShare: number;
  /** A table continued on the next page: `merge` the parts into one table, or `keep` them apart. */
  tablesAcrossPages: 'merge' | 'keep';
  /** Running headers, footers and page numbers: `drop` them (the furniture stage) or `keep` them as text. */
  furniture: 'drop' | 'keep';
};

/** Default tunables. */
export const DEFAULT_CONFIG: Readonly<EngineConfig> = Object.freeze({
  paragraphGapRatio: 1.45,
  furnitureMinShare: 0.5,
  tablesAcrossPages: 'merge',
  furniture: 'drop',
});

/** One ordered, pure step of the pipeline. */
export type Stage = { name: string; run(doc: Doc, cfg: EngineConfig): Doc };
