import { describe, expect, it } from 'vitest';
import { boldBody, boldIsBody } from './bold-body.ts';
import { DEFAULT_CONFIG } from '../stage.ts';
import { doc, page, textLines } from '../../test/engine/build.ts';

const PROSE = Array.from({ length: 12 }, (_, i) => `Line ${i} of the body text, long enough to count for the share.`);

describe('boldBody stage', () => {
  it('drops bold from a document set almost wholly in a bold face', () => {
    const d = doc([page(1, [...textLines(['A regular heading'], 40, 40, { fontSize: 16 }), ...textLines(PROSE, 40, 100, { bold: true })])]);
    expect(boldIsBody(d)).toBe(true);
    const out = boldBody.run(d, DEFAULT_CONFIG);
    expect(out.pages[0]!.runs.some((r) => r.bold)).toBe(false);
    expect(out.pages[0]!.lines.flatMap((l) => l.runs).some((r) => r.bold)).toBe(false);
    // Size still sets the heading apart.
    expect(out.pages[0]!.runs[0]!.fontSize).toBe(16);
  });

  it('keeps bold where it emphasises: a bold quarter of the text, or a bold snippet', () => {
    const mixed = doc([page(1, [...textLines(PROSE.slice(0, 3), 40, 40, { bold: true }), ...textLines(PROSE.slice(3), 40, 100)])]);
    expect(boldBody.run(mixed, DEFAULT_CONFIG)).toBe(mixed);
    const snippet = doc([page(1, textLines(['Short bold note.'], 40, 40, { bold: true }))]);
    expect(boldBody.run(snippet, DEFAULT_CONFIG)).toBe(snippet);
  });
});
