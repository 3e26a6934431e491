import { describe, expect, it } from 'vitest';
import { isRunInTitle } from './heading-run-in.ts';

describe('isRunInTitle', () => {
  it('takes short title-case phrases ending with a period for run-in titles', () => {
    expect(isRunInTitle('Absolute Financial Losses.')).toBe(true);
    expect(isRunInTitle('Data and Methods.')).toBe(true);
  });

  it('leaves bold sentences, single words and unfinished phrases alone', () => {
    expect(isRunInTitle('This feature is still experimental.')).toBe(false);
    expect(isRunInTitle('Your program is compiled with glibc.')).toBe(false);
    expect(isRunInTitle('Note.')).toBe(false);
    expect(isRunInTitle('Absolute Financial Losses')).toBe(false);
    expect(isRunInTitle('Warning:')).toBe(false);
  });
});
