import { describe, expect, it } from 'vitest';
import { centredLabels, isCapsLabel, isCentredLabel } from './centred-labels.ts';
import { line, para } from '../../test/engine/build.ts';

describe('centred caps labels', () => {
  it('reads short lines in capitals as labels, not formulas, numerals or text in scripts without case', () => {
    for (const t of ['ABSTRACT', '1. INTRODUCTION', 'ACKNOWLEDGMENTS']) expect(isCapsLabel(t)).toBe(true);
    for (const t of ['Abstract', 'II', 'ΔPCO2 = 0,75 ΔHCO3', '安徽省建设用地使用标准（2020 年版）', 'NOTE,']) expect(isCapsLabel(t)).toBe(false);
  });

  it('takes a label centred over a wider line of prose, not over another line in capitals', () => {
    const prose = line(['We trained every model on the same split of the data and report'], 72, 113);
    expect(isCentredLabel(line(['ABSTRACT'], 214, 100), prose)).toBe(true);
    expect(isCentredLabel(line(['ABSTRACT'], 72, 100), prose)).toBe(false);
    // Bold spaced capitals in a narrow column run more than half the column's width.
    expect(isCentredLabel(line(['ACKNOWLEDGMENTS AND THANKS TO ALL'], 150, 100), prose)).toBe(true);
    expect(isCentredLabel(line(['APPENDIX A'], 200, 100), line(['AUTOMATICALLY GENERATED TEXTS AND THEIR SOURCES IN FULL'], 100, 113))).toBe(false);
  });
});

describe('centred labels on a page', () => {
  it('leaves a word in capitals that shares the height of the line above it (set apart mid-sentence)', () => {
    const prose = para([line(['We trained every model on the same split of the data and report'], 72, 113), line(['the mean of five runs, and the batch size was kept fixed in all.'], 72, 125)]);
    const label = para([line(['ADDRESSES'], 210, 100)]);
    const above = para([line(['Send your comments to an address under the'], 72, 100), line(['that we list.'], 72, 88)]);
    expect(centredLabels([label, prose]).size).toBe(1);
    expect(centredLabels([above, label, prose]).size).toBe(0);
  });
});
