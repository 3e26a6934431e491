/**
 * Pages whose text runs sideways (a landscape table printed on a portrait
 * page, a scan fed in turned) are read in their text's own direction: when
 * most of a page's characters share one quarter-turn rotation, the runs and
 * rules are turned so that text is upright, and the page's size with them.
 * Every later stage then sees an ordinary page. Both readers' pages pass
 * through here, after links are applied (link rectangles are in the PDF's
 * own frame).
 */
import type { Box, Page, Rule, TextRun } from '../model.ts';
import { visibleLength } from '../geometry.ts';

/** A quarter turn, in degrees clockwise: the rotation of the page's main text. */
export type Turn = 0 | 90 | 180 | 270;

const TURNS: readonly Turn[] = [0, 90, 180, 270];

/** The rotation most of the page's characters share, if more than half of them do; else 0. */
export function dominantTurn(runs: readonly TextRun[]): Turn {
  // Most pages have no turned run at all, and then nothing needs counting.
  if (!runs.some((r) => r.dir !== 'ttb' && r.rotation)) return 0;
  const count = new Map<number, number>();
  let total = 0;
  for (const r of runs) {
    if (r.dir === 'ttb') continue;
    const n = visibleLength(r.text);
    total += n;
    const rot = r.rotation ?? 0;
    count.set(rot, (count.get(rot) ?? 0) + n);
  }
  let best: Turn = 0;
  for (const t of TURNS) if ((count.get(t) ?? 0) > (count.get(best) ?? 0)) best = t;
  return (count.get(best) ?? 0) > total / 2 ? best : 0;
}

/** The page size once turned. */
export function turnedSize(turn: Turn, width: number, height: number): { width: number; height: number } {
  return turn === 90 || turn === 270 ? { width: height, height: width } : { width, height };
}

/** A box of a width × height page, in the frame where text of rotation `turn` is upright. */
export function turnBox(b: Box, turn: Turn, width: number, height: number): Box {
  switch (turn) {
    case 0: return b;
    // Reading downwards: x runs along the text (down the page), y away from the glyph tops (leftwards).
    case 90: return { x0: b.y0, y0: width - b.x1, x1: b.y1, y1: width - b.x0 };
    case 180: return { x0: width - b.x1, y0: height - b.y1, x1: width - b.x0, y1: height - b.y0 };
    // Reading upwards: x runs up the page, y rightwards.
    case 270: return { x0: height - b.y1, y0: b.x0, x1: height - b.y0, y1: b.x1 };
  }
}

/** Runs turned (boxes and their own rotations); the same array when `turn` is 0. */
export function turnRuns(runs: TextRun[], turn: Turn, width: number, height: number): TextRun[] {
  if (turn === 0) return runs;
  return runs.map((r) => {
    const { rotation: _old, ...rest } = r;
    const out: TextRun = { ...rest, box: turnBox(r.box, turn, width, height) };
    const rotation = (((r.rotation ?? 0) - turn) % 360 + 360) % 360;
    if (r.dir !== 'ttb' && rotation !== 0) out.rotation = rotation;
    return out;
  });
}

/** Rules turned; a quarter turn swaps horizontal and vertical. */
export function turnRules(rules: Rule[], turn: Turn, width: number, height: number): Rule[] {
  if (turn === 0) return rules;
  const swap = turn === 90 || turn === 270;
  return rules.map((r) => ({ box: turnBox(r.box, turn, width, height), orientation: swap ? (r.orientation === 'h' ? 'v' : 'h') : r.orientation }));
}

/** A whole extracted page turned so its main text is upright (see the module comment). */
export function uprightPage(page: Page): Page {
  const turn = dominantTurn(page.runs);
  if (turn === 0) return page;
  const { width, height } = page;
  return {
    ...page, ...turnedSize(turn, width, height),
    runs: turnRuns(page.runs, turn, width, height),
    rules: turnRules(page.rules, turn, width, height),
    ...(page.bars ? { bars: turnRules(page.bars, turn, width, height) } : {}),
    ...(page.drawn ? { drawn: page.drawn.map((d) => ({ box: turnBox(d.box, turn, width, height), bends: d.bends })) } : {}),
    ...(page.shaded ? { shaded: page.shaded.map((b) => turnBox(b, turn, width, height)) } : {}),
  };
}
