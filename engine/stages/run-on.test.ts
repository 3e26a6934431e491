import { describe, expect, it } from 'vitest';
import { blocks } from './blocks.ts';
import { runOn } from './run-on.ts';
import { DEFAULT_CONFIG } from '../stage.ts';
import { doc, page, para, textLines } from '../../test/engine/build.ts';
import type { Block, Doc, Line } from '../model.ts';

const text = (b: Block) => (b.kind === 'paragraph' ? b.spans.map((s) => s.text).join('') : b.kind);
const texts = (d: Doc) => d.pages.flatMap((p) => p.blocks.map(text));
/** Blocks, then runOn: the stages between them leave plain paragraphs as they are. */
const run = (d: Doc) => runOn.run(blocks.run(d, DEFAULT_CONFIG), DEFAULT_CONFIG);

// Every line of a column is as wide as the column (40 characters) unless it ends a paragraph.
const LEFT = ['The entire repertoire of commands in the', 'package of Patrick Daly is documented in'];
const x2 = 320;

describe('runOn stage', () => {
  it('joins a paragraph that the column breaks mid-sentence, and only that one', () => {
    const lines = [...textLines(LEFT, 40, 100), ...textLines(['its manual; see the natbib documentation.', 'A new paragraph starts here, in capitals.'], x2, 100, {}, 12)];
    // The two lines of the right column are 12 pt apart: one paragraph, so the blocks stage splits only at the column.
    const out = texts(run(doc([page(1, lines)])));
    expect(out).toEqual([`${LEFT.join(' ')} its manual; see the natbib documentation. A new paragraph starts here, in capitals.`]);
  });

  it('glues a word hyphenated over the column break, as within a column', () => {
    const lines = [...textLines(['The easiest and preferred method is to', 'use the command that the template docu-'], 40, 100), ...textLines(['ments in its manual.'], x2, 100)];
    expect(texts(run(doc([page(1, lines)])))).toEqual(['The easiest and preferred method is to use the command that the template documents in its manual.']);
  });

  it('joins a capitalised word broken by a hyphen over the column, keeping the compound\'s hyphen', () => {
    const lines = [...textLines(['taking off from the airport of Soekarno-'], 40, 100), ...textLines(['Hatta International in Jakarta, Indonesia.'], x2, 100)];
    expect(texts(run(doc([page(1, lines)])))).toEqual(['taking off from the airport of Soekarno-Hatta International in Jakarta, Indonesia.']);
  });

  it('keeps apart what does not carry on: a closed sentence, a capital, a short line, another size', () => {
    const cases: [Line[], Line[]][] = [
      [textLines(['This paragraph ends its sentence at the', 'end of the column with a full stop here.'], 40, 100), textLines(['and this one starts in lower case anyway.'], x2, 100)],
      [textLines(LEFT, 40, 100), textLines(['The next column starts with a capital.'], x2, 100)],
      [textLines(['Clip A Frame'], 40, 100), textLines(['table (these footnotes are shown below).'], x2, 100)],
      [textLines(LEFT, 40, 100), textLines(['its manual, set smaller as a caption is.'], x2, 100, { fontSize: 8 })],
    ];
    for (const [a, b] of cases) expect(texts(run(doc([page(1, [...a, ...b])])))).toHaveLength(2);
  });

  it('does not join down the same column without a float between (the gap split them)', () => {
    const p = page(1, []);
    p.blocks = [para(textLines(LEFT, 40, 100)), para(textLines(['where x is the ratio of the two sides.'], 40, 150))];
    expect(texts(runOn.run(doc([p]), DEFAULT_CONFIG))).toHaveLength(2);
  });

  it('joins over a page break, leaving a caption and a note where they are', () => {
    const p1 = page(1, []);
    const caption = para(textLines(['Figure 1: The frame of the experiment.'], 40, 600, { fontSize: 8 }));
    p1.blocks = [para(textLines(LEFT, 40, 500)), caption];
    const p2 = page(2, []);
    p2.blocks = [{ kind: 'image', name: 'p2.png', alt: '', prov: { page: 2, box: { x0: 40, y0: 60, x1: 300, y1: 200 } } }, para(textLines(['its manual, which ends the sentence.'], 40, 220), 2), para(textLines(['a second paragraph in lower case.'], 40, 260), 2)];
    const out = runOn.run(doc([p1, p2]), DEFAULT_CONFIG);
    expect(out.pages[0]!.blocks.map(text)).toEqual([`${LEFT.join(' ')} its manual, which ends the sentence.`, 'Figure 1: The frame of the experiment.']);
    expect(out.pages[1]!.blocks.map(text)).toEqual(['image', 'a second paragraph in lower case.']);
  });

  it('does not skip a stray mark as if it were a float', () => {
    const p = page(1, []);
    const mark = para(textLines(['§'], 40, 730, { fontSize: 5 }));
    p.blocks = [para(textLines(['Second.Author@institution.edu'], 40, 720, { fontSize: 8 })), mark, para(textLines(['http://www.second.institution.edu/'], 40, 740, { fontSize: 8 }))];
    expect(texts(runOn.run(doc([p]), DEFAULT_CONFIG))).toHaveLength(3);
  });

  it('leaves the document as it is when nothing runs on', () => {
    const d = doc([page(1, textLines(['One closed sentence.'], 40, 100))]);
    const built = blocks.run(d, DEFAULT_CONFIG);
    expect(runOn.run(built, DEFAULT_CONFIG)).toBe(built);
  });
});
