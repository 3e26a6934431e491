import { describe, expect, it } from 'vitest';
import { lists, listMarker } from './lists.ts';
import { DEFAULT_CONFIG } from '../stage.ts';
import { doc, line, page, para } from '../../test/engine/build.ts';
import { renderBlocks } from '../render/index.ts';

describe('lists stage', () => {
  it('recognises bullets and numbering styles', () => {
    for (const t of ['• a', '- a', '– a', '* a', '◦ a', '▪ a']) expect(listMarker(t)?.ordered).toBe(false);
    expect(listMarker('1. a')).toMatchObject({ ordered: true, start: 1 });
    expect(listMarker('3) a')).toMatchObject({ ordered: true, start: 3 });
    expect(listMarker('b. a')).toMatchObject({ ordered: false, literal: true });
    expect(listMarker('(iv) a')).toMatchObject({ ordered: false, literal: true });
    expect(listMarker('Plain sentence.')).toBeNull();
    // A rule typed with the sign (a court caption's "- - - - x") is no item; a dash item about dashes is.
    expect(listMarker('- - - - - - - - - - - - x')).toBeNull();
    expect(listMarker('* * *')).toBeNull();
    expect(listMarker('- -- is a long option prefix')?.ordered).toBe(false);
  });

  it('nests by indentation and keeps continuation paragraphs in their item', () => {
    const p = page(1, []);
    p.blocks = [
      para([line(['• one'], 40, 100)]),
      para([line(['◦ one.a'], 60, 112)]),
      para([line(['• two'], 40, 124)]),
      para([line(['more about two'], 52, 140)]),
      para([line(['Afterwards.'], 40, 170)]),
    ];
    const out = lists.run(doc([p]), DEFAULT_CONFIG).pages[0]!.blocks;
    expect(out.map((b) => b.kind)).toEqual(['list', 'paragraph']);
    expect(renderBlocks(out)).toBe('- one\n  - one.a\n- two\n  more about two\n\nAfterwards.');
  });

  it('nests a sub-item marked with a dingbat pointer under its bullet (groff mom slides)', () => {
    expect(listMarker('☞ both fit on A4')?.ordered).toBe(false);
    const p = page(1, []);
    p.blocks = [
      para([line(['• the choice between two aspect ratios'], 40, 100)]),
      para([line(['☞ both fit on A4 or US letter paper'], 48, 112)]),
      para([line(['• type is set centered by default'], 40, 124)]),
    ];
    const out = lists.run(doc([p]), DEFAULT_CONFIG).pages[0]!.blocks;
    expect(renderBlocks(out)).toBe('- the choice between two aspect ratios\n  - both fit on A4 or US letter paper\n- type is set centered by default');
  });

  it('keeps items at one level when their wrapped lines run back left of the bullet (Federal Register)', () => {
    // Bullets indented 9 pt into the column, their turnover lines set flush with the column's edge.
    const p = page(1, []);
    p.blocks = [
      para([line(['• Federal eRulemaking Portal: Go to'], 231, 120), line(['https://www.regulations.gov. Follow the'], 222, 130)]),
      para([line(['• Fax: 202–493–2251.'], 231, 150)]),
      para([line(['• Mail: U.S. Department of'], 231, 160), line(['Transportation, Docket Operations.'], 222, 170)]),
    ];
    const out = lists.run(doc([p]), DEFAULT_CONFIG).pages[0]!.blocks;
    expect(renderBlocks(out)).toBe('- Federal eRulemaking Portal: Go to https://www.regulations.gov. Follow the\n- Fax: 202–493–2251.\n- Mail: U.S. Department of Transportation, Docket Operations.');
  });

  it('renders ordered lists from their first number', () => {
    const p = page(1, []);
    p.blocks = [para([line(['2. second'], 40, 100)]), para([line(['3. third'], 40, 112)])];
    expect(renderBlocks(lists.run(doc([p]), DEFAULT_CONFIG).pages[0]!.blocks)).toBe('2. second\n3. third');
  });

  it('keeps lettered and roman markers as the items\' text instead of renumbering them', () => {
    const p = page(1, []);
    p.blocks = [
      para([line(['1. first'], 40, 100)]),
      para([line(['(a) sub one'], 52, 112)]),
      para([line(['(b) sub two'], 52, 124)]),
      para([line(['2. second'], 40, 136)]),
      para([line(['i. roman one'], 40, 160)]),
      para([line(['ii. roman two'], 40, 172)]),
      para([line(['iii. roman three'], 40, 184)]),
      para([line(['iv. roman four'], 40, 196)]),
      para([line(['v. roman five'], 40, 208)]),
      para([line(['Between.'], 40, 230)]),
      para([line(['A) capital'], 40, 250)]),
      para([line(['B) capital two'], 40, 262)]),
    ];
    const out = lists.run(doc([p]), DEFAULT_CONFIG).pages[0]!.blocks;
    expect(renderBlocks(out)).toBe('1. first\n   - (a) sub one\n   - (b) sub two\n2. second\n\n- i. roman one\n- ii. roman two\n- iii. roman three\n- iv. roman four\n- v. roman five\n\nBetween.\n\n- A) capital\n- B) capital two');
  });

  it('leaves paragraphs starting with initials as paragraphs: their letters do not count on', () => {
    const p = page(1, []);
    p.blocks = [para([line(['D. Sutera and H. Stolz, Solid State Comm. 134 (2005).'], 40, 100)]), para([line(['Afterwards.'], 40, 130)])];
    const out = lists.run(doc([p]), DEFAULT_CONFIG).pages[0]!.blocks;
    expect(renderBlocks(out)).toBe('D. Sutera and H. Stolz, Solid State Comm. 134 (2005).\n\nAfterwards.');
    const refs = page(1, []);
    refs.blocks = ['T. Kanungo, An efficient algorithm.', 'T. M. Mitchell, Machine learning.', 'A. Mordvintsev, Inceptionism.'].map((t, i) => para([line([t], 40, 100 + 12 * i)]));
    expect(renderBlocks(lists.run(doc([refs]), DEFAULT_CONFIG).pages[0]!.blocks)).toBe('T. Kanungo, An efficient algorithm.\n\nT. M. Mitchell, Machine learning.\n\nA. Mordvintsev, Inceptionism.');
  });

  it('keeps item text that runs on at the top of the next page in its item', () => {
    const p1 = page(1, []);
    p1.blocks = [para([line(['• first item'], 40, 700)]), para([line(['• second item, whose text'], 40, 712)])];
    const p2 = page(2, []);
    p2.blocks = [para([line(['continues here.'], 52, 60)], 2), para([line(['Afterwards.'], 40, 90)], 2)];
    const out = lists.run(doc([p1, p2]), DEFAULT_CONFIG);
    expect(renderBlocks(out.pages.flatMap((p) => p.blocks))).toBe('- first item\n- second item, whose text\n  continues here.\n\nAfterwards.');
  });

  it('finds where item text starts when the bullet shares a run with it', () => {
    const p = page(1, []);
    // One run holds "• Tests should..." (as some producers set it); the next paragraph is indented to the text.
    p.blocks = [para([line(['• Tests should match the minimal output.', 'CHECK'], 84, 100)]), para([line(['directives need not match the next line.'], 98, 114)])];
    const out = lists.run(doc([p]), DEFAULT_CONFIG).pages[0]!.blocks;
    expect(out.map((b) => b.kind)).toEqual(['list']);
  });
});
