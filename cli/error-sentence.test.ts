import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { errorSentence } from './error-sentence.ts';

describe('errorSentence', () => {
  it("names a zod failure's setting and what was wrong, without the issue dump", () => {
    const r = z.object({ port: z.number() }).safeParse({ port: 'x' });
    expect(r.success).toBe(false);
    expect(errorSentence(r.error)).toMatch(/^invalid port: .*number/i);
  });

  it('keeps the first line of any other error, and its name does not make it a zod failure', () => {
    expect(errorSentence(new Error('no such file\n    at stack'))).toBe('no such file');
    expect(errorSentence(Object.assign(new Error('plain'), { name: 'ZodError' }))).toBe('plain');
    expect(errorSentence('a string')).toBe('a string');
  });
});
