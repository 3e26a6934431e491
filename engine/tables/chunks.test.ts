/**
 * The chunk cache lives for one page of the tables stage: the lines it is
 * keyed by live to the end of the pipeline, so a cache kept for the whole
 * document held every line's chunks (47 MB on a 2,415-page manual).
 */
import { describe, expect, it } from 'vitest';
import { doc, page, textLines } from '../../test/engine/build.ts';
import { DEFAULT_CONFIG } from '../stage.ts';
import { forgetChunks, lineChunks } from './chunks.ts';
import { tables } from './tables.ts';

describe('lineChunks cache', () => {
  it('chunks a line once until forgotten', () => {
    const [line] = textLines(['Name    Value'], 40, 100);
    const first = lineChunks(line!);
    expect(lineChunks(line!)).toBe(first);
    forgetChunks();
    expect(lineChunks(line!)).not.toBe(first);
    expect(lineChunks(line!)).toEqual(first);
  });

  it('holds nothing of a page once the tables stage is past it', () => {
    const lines = textLines(['A paragraph of running text on the page.', 'And its second line goes on here.'], 40, 100);
    const before = lines.map((l) => lineChunks(l));
    tables.run(doc([page(1, lines)]), DEFAULT_CONFIG);
    lines.forEach((l, i) => expect(lineChunks(l)).not.toBe(before[i]));
  });
});
