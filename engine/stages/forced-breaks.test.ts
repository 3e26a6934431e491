import { describe, expect, it } from 'vitest';
import { blocks } from './blocks.ts';
import { DEFAULT_CONFIG } from '../stage.ts';
import { doc, line, page } from '../../test/engine/build.ts';
import type { Block, Line } from '../model.ts';

const text = (b: Block) => (b.kind === 'paragraph' || b.kind === 'heading' ? b.spans.map((s) => s.text).join('') : '');
const paragraphs = (lines: Line[]) => blocks.run(doc([page(1, lines)]), DEFAULT_CONFIG).pages[0]!.blocks.map(text);
/** Lines set one under the other at the left margin, 12 pt apart (a 10 pt character is 5 pt wide in these builders). */
const stack = (texts: string[], y = 100): Line[] => texts.map((t, i) => line([t], 50, y + 12 * i));

describe('lines broken by hand (forced breaks)', () => {
  it('reads an author list, one author a line, as one paragraph per author, its widest line first', () => {
    const authors = [
      'BEN TROVATO and G.K.M. TOBIN, Institute for Clarity in Documentation, USA',
      'LARS THORVALD, The Thorvald Group, Iceland',
      'VALERIE BERANGER, Inria Paris-Rocquencourt, France',
      'APARNA PATEL, Rajiv Gandhi University, India',
    ];
    expect(paragraphs(stack(authors))).toEqual(authors);
  });

  it('parts a label from the value under it when the value\'s first word would have fitted after the label', () => {
    const lines = stack(['ACM Reference Format:', 'Ben Trovato, G.K.M. Tobin, Lars Thorvald and Valerie Beranger. 2018. The Name of', 'the Title Is Hope. J. ACM 37, 4, Article 111.']);
    expect(paragraphs(lines)).toEqual(['ACM Reference Format:', 'Ben Trovato, G.K.M. Tobin, Lars Thorvald and Valerie Beranger. 2018. The Name of the Title Is Hope. J. ACM 37, 4, Article 111.']);
  });

  it('keeps a wrapped paragraph whole: each next word is too long for the room left', () => {
    // The measure is 60 characters; every line stops where its next word no longer fits.
    const lines = stack([
      'Numerous ACM and SIG-specific templates have been examined',
      'and their unique features incorporated into this single new',
      'template. If you are new to publishing with ACM, this document',
      'is a valuable guide.',
    ]);
    expect(paragraphs(lines)).toHaveLength(1);
  });

  it('keeps a sentence that carries on in lower case, however short the line before it stopped', () => {
    const lines = stack(['Up to four eligible classrooms were selected, with classes being', 'randomly assigned', 'to TIMSS or PIRLS. In schools with only one classroom, this one was taken.']);
    expect(paragraphs(lines)).toHaveLength(1);
  });

  it('is not misled by a mark set far out in the margin on one line of a justified paragraph', () => {
    // Each line starts in capitals, so only the measure tells wrapping from breaks by hand.
    const body = stack(['Permission to make digital or hard copies of all or part of this', 'ACM work for personal or classroom use is granted without fee', 'ACM provided that copies are not made or distributed for profit.']);
    const marked: Line = { runs: [...body[1]!.runs, line(['111'], 480, 112).runs[0]!], box: { ...body[1]!.box, x1: 495 } };
    expect(paragraphs([body[0]!, marked, body[2]!])).toHaveLength(1);
  });

  it('leaves a line ending in a hyphen alone', () => {
    expect(paragraphs(stack(['A compound broken at a line end: non-', 'English text, which runs on to a longer line than the one before.']))).toHaveLength(1);
  });
});
