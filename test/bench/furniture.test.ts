import { describe, expect, it } from 'vitest';
import { bareLine, countFurniture } from '../../bench/furniture.ts';

const GT = '# Title\n\nSome text.\n\n| a | b |\n|---|---|\n| 1/2 | 3 |\n';

describe('countFurniture', () => {
  it('finds "Page n of N" footers, also inside Markdown decoration', () => {
    const pred = 'Some text.\nPage 1 of 2\nMore.\n**Page 2 of 2**\n';
    expect(countFurniture(pred, GT, 2)).toEqual({ pageLines: 2, repeatedLines: 0 });
  });

  it('finds browser print furniture: date-time header, URL footer, n/N', () => {
    const pred = '11/22/26, 4:35 AM\nText\nhttp://docs.example.org/x.html 1/3\n2/3\n';
    expect(countFurniture(pred, GT, 3).pageLines).toBe(3);
  });

  it('does not count a line that the ground truth has too', () => {
    expect(countFurniture('| 1/2 | 3 |\n', GT, 2).pageLines).toBe(0);
  });

  it('counts bare numbers only when they look like page numbering', () => {
    const numbered = 'Intro\n1\nText\n2\nText\n3\nText\n4\n';
    expect(countFurniture(numbered, GT, 4).pageLines).toBe(4);
    const tableCell = 'Intro\n3\nText\n';
    expect(countFurniture(tableCell, GT, 10).pageLines).toBe(0);
  });

  it('finds a running header repeated on most pages', () => {
    const page = 'APT — apt\nbody text\n';
    const pred = page.repeat(5);
    expect(countFurniture(pred, 'APT — apt\n' + 'body text\n'.repeat(5), 5).repeatedLines).toBe(4);
    // Twice in a 5-page document is not a running header.
    expect(countFurniture(page.repeat(2), '', 5).repeatedLines).toBe(0);
  });

  it('strips Markdown wrappers before matching', () => {
    expect(bareLine('## **Page 3 of 9**')).toBe('Page 3 of 9');
    expect(bareLine('| 3/4 |')).toBe('3/4');
    expect(bareLine('<p>12</p>')).toBe('12');
  });
});
