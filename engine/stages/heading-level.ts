/** Heading levels as Markdown writes them: `#` to `######`, CommonMark's six. */
export type Level = 1 | 2 | 3 | 4 | 5 | 6; // CommonMark's ATX heading levels

/** CommonMark's deepest heading (`######`): levels past it are written at it. */
export const DEEPEST_LEVEL = 6;

/** A computed depth as a heading level, deeper ones kept at CommonMark's deepest. */
export const atMostDeepest = (level: number): Level => Math.min(DEEPEST_LEVEL, level) as Level;
