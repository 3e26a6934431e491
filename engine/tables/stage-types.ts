/**
 * Local stand-in for the engine's Stage contract, matching the shape in
 * STYLE.md. engine/ has no stage module yet; when it does, this file should
 * re-export that one instead.
 */
import type { Doc } from '../model.ts';

/** Engine settings a stage may read. Tables need none yet; kept open for the pipeline's own config. */
export type EngineConfig = Readonly<Record<string, unknown>>;

/** One pure pass over the document. */
export type Stage = { name: string; run(doc: Doc, cfg: EngineConfig): Doc };
