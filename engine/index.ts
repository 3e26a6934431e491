/**
 * The engine's public surface: convert(), the stage list, and the types.
 */
export { convert, MAX_PAGES } from './convert.ts';
export { STAGES, runStages } from './pipeline.ts';
export { DEFAULT_CONFIG } from './stage.ts';
export type { EngineConfig, Stage } from './stage.ts';
export { EngineError } from './types.ts';
export type { ConvertOptions, ConvertResult, ExtractedImage, HiddenTextReport, EngineErrorCode, OcrMode, OcrPage, TextBackendName, TextReaderChoice, TextReaderStats } from './types.ts';
export type * from './model.ts';
export { renderDoc, renderBlocks } from './render/index.ts';
