/**
 * The handle-map type: one renderer per block kind, so a kind without a
 * renderer fails to compile.
 */
import type { Block } from '../model.ts';

/** Lets a renderer render nested blocks without importing the map (no cycles). */
export type RenderContext = { renderBlocks(blocks: Block[]): string };

/** One renderer per block kind. */
export type Renderers = { [K in Block['kind']]: (b: Extract<Block, { kind: K }>, ctx: RenderContext) => string };
