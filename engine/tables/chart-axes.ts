/**
 * Charts whose gridlines the page does not give (issue 19). Rules are read
 * only where the text suggests a table, and a chart may have no gridlines at
 * all; its value axis still shows in the text: tick labels stacked in one
 * column, evenly spaced, stepping by one amount and growing upwards. Its
 * bars' value labels share baselines with the ticks and line up in columns,
 * so the labels read as a table of numbers. A table's rows are a line or two
 * apart and its numbers do not step evenly with their height; ticks are set
 * several lines apart. The band the axis spans is a figure: its labels stay
 * text.
 */
import type { Box, Line, TextRun } from '../model.ts';
import { NUMERIC } from './chunks.ts';
import { MIN_TICKS, SAME_END_EM } from './measures.ts';
import { maxOf, minOf } from '../numbers.ts';
import { isSpace } from '../geometry.ts';

/** Pitch (ems of the tick labels) from which stacked numbers are ticks, not rows: table rows are one to two lines apart. */
const TICK_PITCH_EM = 2.5;
/** Share of the pitch by which the spacing of neighbouring ticks may differ (rounding of positions). */
const PITCH_SLACK = 0.1;

type Tick = { run: TextRun; value: number; y: number };

/** Whether a text holds an ASCII digit, which NUMERIC needs: a scan by character codes, cheaper than trimming and matching a word. */
function hasDigit(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c >= 48 && c <= 57) return true; // '0' to '9'
  }
  return false;
}

/**
 * Whether a text's first character after its spacing may open a NUMERIC: a
 * bracket, a sign, a currency sign or a digit. Most runs are words, which
 * fail here at their first letter, before their text is scanned.
 */
function mayOpenNumber(text: string): boolean {
  let i = 0;
  while (i < text.length && isSpace(text.charCodeAt(i))) i++;
  if (i === text.length) return false;
  const c = text.charCodeAt(i);
  return (c >= 48 && c <= 57) || OPENERS.includes(text[i]!); // '0' to '9', or another opener
}
/** Characters other than digits that NUMERIC allows first: brackets, signs, currency signs. */
const OPENERS = '([-+−$€£';

const value = (r: TextRun): number | null => {
  // Most runs are words: the number tests come first, before the text is rewritten for reading.
  if (!mayOpenNumber(r.text) || !hasDigit(r.text) || !NUMERIC.test(r.text.trim())) return null;
  const t = r.text.trim().replace(/,/g, '').replace(/^[−–]/, '-');
  return /^-?\d+(\.\d+)?$/.test(t) ? Number(t) : null;
};

/** Relative difference of two steps of a scale that is floating-point rounding (0.1 + 0.2), not another step. */
const STEP_EPSILON = 1e-9;

/** Whether ticks (top to bottom) are evenly spaced, TICK_PITCH_EM or more apart, and step by one amount growing upwards. */
function isScale(ticks: readonly Tick[]): boolean {
  const pitch = ticks[1]!.y - ticks[0]!.y;
  const step = ticks[0]!.value - ticks[1]!.value;
  if (step <= 0 || pitch < TICK_PITCH_EM * ticks[0]!.run.fontSize) return false;
  return ticks.slice(1).every((t, i) => Math.abs(t.y - ticks[i]!.y - pitch) <= PITCH_SLACK * pitch
    && Math.abs(ticks[i]!.value - t.value - step) <= STEP_EPSILON * Math.max(1, Math.abs(step)));
}

/** The boxes of value axes on a page, each widened to the text right of it on the band it spans. */
export function axisAreas(lines: readonly Line[]): Box[] {
  const ticks: Tick[] = [];
  for (let j = 0; j < lines.length; j++) {
    const l = lines[j]!;
    for (let k = 0; k < l.runs.length; k++) {
      const run = l.runs[k]!;
      const v = value(run);
      if (v !== null) ticks.push({ run, value: v, y: (run.box.y0 + run.box.y1) / 2 });
    }
  }
  const out: Box[] = [];
  const used = new Set<Tick>();
  for (let i = 0; i < ticks.length; i++) {
    const t = ticks[i]!;
    if (used.has(t)) continue;
    const column = ticks.filter((o) => Math.abs(o.run.box.x1 - t.run.box.x1) <= SAME_END_EM * t.run.fontSize).sort((a, b) => a.y - b.y);
    for (const o of column) used.add(o);
    if (column.length < MIN_TICKS || !isScale(column)) continue;
    const y0 = minOf(column.map((o) => o.run.box.y0));
    const y1 = maxOf(column.map((o) => o.run.box.y1));
    const x0 = minOf(column.map((o) => o.run.box.x0));
    const band = lines.filter((l) => l.box.y1 > y0 && l.box.y0 < y1 && l.box.x1 > x0);
    out.push({ x0, y0, x1: maxOf(band.map((l) => l.box.x1)), y1 });
  }
  return out;
}
