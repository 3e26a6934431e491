import { describe, expect, it } from 'vitest';
import { startsHangingEntry } from './hanging-indent.ts';
import { blocks } from './blocks.ts';
import { DEFAULT_CONFIG } from '../stage.ts';
import { doc, line, page } from '../../test/engine/build.ts';
import type { Block } from '../model.ts';

const text = (b: Block) => (b.kind === 'paragraph' ? b.spans.map((s) => s.text).join('') : '');

/** A bibliography in acmart's style: each entry's label at the column's edge, its turnover lines 15 pt in, no gap. */
const bibliography = () => [
  line(['Mathematical Sciences], Vol. 275. Springer-Verlag, Berlin,'], 69, 80),
  line(['Germany. Fourier integral operators.'], 69, 90),
  line(['[20] IEEE 2004. IEEE TCSC Executive Committee. In Proceedings'], 54, 100),
  line(['of the IEEE International Conference on Web Services.'], 69, 110),
  line(['[21] Markus Kirschmer and John Voight. 2010. Algorithmic Enu-'], 54, 120),
  line(['meration of Ideal Classes for Quaternion Orders. SIAM J.'], 69, 130),
  line(['Comput. 39, 5 (Jan. 2010), 1714–1747.'], 69, 140),
  line(['[22] Donald E. Knuth. 1997. The Art of Computer Programming.'], 54, 150),
];

describe('paragraphs set with a hanging indent', () => {
  it('part at each line back at the edge: a bibliography\'s entries, and the turnover lines run on from the page before', () => {
    const out = blocks.run(doc([page(1, bibliography())]), DEFAULT_CONFIG).pages[0]!.blocks.map(text);
    expect(out).toEqual([
      'Mathematical Sciences], Vol. 275. Springer-Verlag, Berlin, Germany. Fourier integral operators.',
      '[20] IEEE 2004. IEEE TCSC Executive Committee. In Proceedings of the IEEE International Conference on Web Services.',
      '[21] Markus Kirschmer and John Voight. 2010. Algorithmic Enumeration of Ideal Classes for Quaternion Orders. SIAM J. Comput. 39, 5 (Jan. 2010), 1714–1747.',
      '[22] Donald E. Knuth. 1997. The Art of Computer Programming.',
    ]);
  });

  it('leave a paragraph whose first line is indented whole: its second line is back at the margin', () => {
    const lines = [line(['An indented first line opens this paragraph'], 69, 100), line(['and the next lines run on at the margin of'], 54, 110), line(['the column until the paragraph ends.'], 54, 120)];
    expect(startsHangingEntry(lines.slice(0, 1), lines[1]!)).toBe(false);
    expect(startsHangingEntry(lines.slice(0, 2), lines[2]!)).toBe(false);
  });

  it('leave code alone: its indents are its own', () => {
    const code = [line(['if (ready) {'], 54, 100, { monospace: true }), line(['start();'], 69, 110, { monospace: true }), line(['}'], 54, 120, { monospace: true })];
    expect(startsHangingEntry(code.slice(0, 2), code[2]!)).toBe(false);
  });

  it('part author-year entries whose turnover line is a URL in a typewriter face', () => {
    const lines = [
      line(['Trettin, M. and J. Fenn (June 17, 2007). An essential guide to usage. url:'], 54, 100),
      line(['http://mirrors.ctan.org/info/l2tabu/english/l2tabuen.pdf'], 69, 110, { monospace: true }),
      line(['Trettin, M. and G. Medina (Dec. 7, 2007). Una guía esencial. Spanish.'], 54, 120),
    ];
    expect(startsHangingEntry(lines.slice(0, 2), lines[2]!)).toBe(true);
  });

  it('keep a numbered entry whole across its URL in a typewriter face, and part it at the next number', () => {
    const url = { monospace: true };
    const entries = [
      line(['[1]', 'Das Bild der TU Darmstadt. Corporate Design Handbuch. Juni 2011. url:', { ...line(['https://www.intern.'], 347, 114, url).runs[0]! }], 43, 114),
      line(['tu-darmstadt.de/media/medien_stabsstelle_km/services/medien_cd/das_'], 64, 125, url),
      line(['bild_der_tu_darmstadt.pdf (besucht am 01. 05. 2020).'], 64, 136),
      line(['[2]', 'IMRAD. Wikipedia. (besucht am 20. 12. 2018).'], 43, 151),
    ];
    const out = blocks.run(doc([page(1, entries)]), DEFAULT_CONFIG).pages[0]!.blocks;
    expect(out.map((b) => b.kind)).toEqual(['paragraph', 'paragraph']);
    expect(text(out[0]!)).toMatch(/^\[1\] ?Das Bild .*\(besucht am 01\. 05\. 2020\)\.$/);
    expect(text(out[1]!)).toMatch(/^\[2\] ?IMRAD/);
  });

  it('leave a shell job number in code to the code', () => {
    const lines = [line(['[1] 4242'], 54, 100, { monospace: true }), line(['The shell prints the job number and the process id.'], 54, 110)];
    const out = blocks.run(doc([page(1, lines)]), DEFAULT_CONFIG).pages[0]!.blocks;
    expect(out).toHaveLength(2);
  });
});
