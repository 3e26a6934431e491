import { describe, expect, it } from 'vitest';
import { monospaceIsBody, splitFigures, typewriter } from './typewriter.ts';
import { DEFAULT_CONFIG } from '../stage.ts';
import { doc, page, run } from '../../test/engine/build.ts';

const mono = { monospace: true, fontName: 'Courier' };
const prose = 'The committee met twice during the year and reviewed the estimates. ';

describe('typewriter stage', () => {
  it('marks the runs of a document set in monospace prose as ordinary text', () => {
    const runs = Array.from({ length: 6 }, (_, i) => run(prose, 40, 100 + 12 * i, mono));
    const d = doc([page(1, [], { runs })]);
    expect(monospaceIsBody(d)).toBe(true);
    expect(typewriter.run(d, DEFAULT_CONFIG).pages[0]!.runs.every((r) => !r.monospace)).toBe(true);
  });

  it('leaves documents with proportional body text, and program listings, alone', () => {
    const mixed = [...Array.from({ length: 3 }, (_, i) => run(prose, 40, 100 + 12 * i, mono)), ...Array.from({ length: 3 }, (_, i) => run(prose, 40, 200 + 12 * i))];
    expect(monospaceIsBody(doc([page(1, [], { runs: mixed })]))).toBe(false);
    const code = Array.from({ length: 12 }, (_, i) => run(`if (a[${i}] == b) { x = f(y); } // ${prose.slice(0, 20)}`, 40, 100 + 12 * i, mono));
    const d = doc([page(1, [], { runs: code })]);
    expect(monospaceIsBody(d)).toBe(false);
    expect(typewriter.run(d, DEFAULT_CONFIG)).toBe(d);
  });

  it('does not judge a document by a short snippet', () => {
    expect(monospaceIsBody(doc([page(1, [], { runs: [run('npm install handbook', 40, 100, mono)] })]))).toBe(false);
  });

  it('cuts a run between figures a space apart, with exact character boxes, and leaves words together', () => {
    const r = run('.... 960 1,040 total 5', 100, 10, mono);
    const cw = (r.box.x1 - r.box.x0) / r.text.length;
    const parts = splitFigures(r);
    expect(parts.map((p) => p.text)).toEqual(['....', '960', '1,040 total 5']);
    expect(parts[1]!.box.x0).toBeCloseTo(100 + 5 * cw);
    expect(parts[1]!.box.x1).toBeCloseTo(100 + 8 * cw);
    expect(splitFigures(run('In 1990 the rate fell', 0, 0, mono))).toHaveLength(1);
  });
});
