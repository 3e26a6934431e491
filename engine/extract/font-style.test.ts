import { describe, expect, it } from 'vitest';
import { inferFontStyle, surelyMonospaced } from './font-style.ts';

describe('surelyMonospaced', () => {
  it('takes a short run in a font only flagged monospaced (a one-glyph math subset) as prose', () => {
    const mathItalic = { fontName: 'GAIJMH+AdvP4C4E51', monospace: true };
    expect(surelyMonospaced({ ...mathItalic, text: 'a' })).toBe(false);
    expect(surelyMonospaced({ ...mathItalic, text: ';' })).toBe(false);
    expect(surelyMonospaced({ ...mathItalic, text: 'npm install' })).toBe(true);
  });

  it('keeps short runs in fonts whose name says monospace, and never calls a proportional font monospaced', () => {
    expect(surelyMonospaced({ fontName: 'ABCDEF+LiberationMono', monospace: true, text: ';' })).toBe(true);
    expect(surelyMonospaced({ fontName: 'Courier', monospace: true, text: 'x' })).toBe(true);
    expect(surelyMonospaced({ fontName: 'Helvetica', monospace: false, text: 'a longer run' })).toBe(false);
  });
});

describe('inferFontStyle', () => {
  const style = (name: string) => { const s = inferFontStyle(name, {}); return `${s.bold ? 'b' : ''}${s.italic ? 'i' : ''}`; };

  it('reads URW\'s abbreviated suffixes (TeX\'s Times, Helvetica, Courier, Gothic clones)', () => {
    expect(['QVCFWU+NimbusRomNo9L-MediItal', 'NimbusRomNo9L-Medi', 'NimbusRomNo9L-ReguItal', 'NimbusMonL-BoldObli', 'URWGothicL-Demi', 'CenturySchL-Ital', 'NimbusRomNo9L-Regu'].map(style))
      .toEqual(['bi', 'b', 'i', 'bi', 'b', 'i', '']);
  });

  it('reads Linux Libertine\'s and Biolinum\'s style letters (ACM papers), and no style in the regular faces', () => {
    expect(['NODUMQ+LinLibertineTB', 'LinBiolinumTB', 'LinLibertineTI', 'LinLibertineTBI', 'LinBiolinumTBO', 'LinLibertineTZ', 'LinLibertine_RB', 'LinLibertineT', 'LinLibertineO', 'LinBiolinumT'].map(style))
      .toEqual(['b', 'b', 'i', 'bi', 'bi', 'b', 'b', '', '', '']);
  });

  it('does not read a family name as a style', () => {
    expect(['DigitalSans-Regular', 'Demitasse', 'Capital-Roman'].map(style)).toEqual(['', '', '']);
  });
});
