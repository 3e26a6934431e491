import { describe, expect, it } from 'vitest';
import { attachment } from './attachment.ts';

describe('attachment', () => {
  it('gives an ASCII fallback and the exact UTF-8 name', () => {
    expect(attachment('report.md')).toBe(`attachment; filename="report.md"; filename*=UTF-8''report.md`);
    expect(attachment('Prüfung "final" (1).md')).toBe(
      `attachment; filename="Pr_fung _final_ (1).md"; filename*=UTF-8''Pr%C3%BCfung%20%22final%22%20%281%29.md`,
    );
  });
});
