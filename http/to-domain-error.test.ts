import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { DomainError } from '../core/errors.ts';
import { toDomainError } from './to-domain-error.ts';

const bodyParserError = (type: string, status: number) => Object.assign(new Error(type), { type, status });

describe('toDomainError', () => {
  it('keeps domain errors and turns zod errors into bad_input', () => {
    const e = new DomainError('gone', 'deleted');
    expect(toDomainError(e)).toBe(e);
    expect(toDomainError(z.string().safeParse(1).error).code).toBe('bad_input');
  });

  it('maps body-parser errors by type', () => {
    expect(toDomainError(bodyParserError('entity.too.large', 413)).code).toBe('too_large');
    expect(toDomainError(bodyParserError('entity.parse.failed', 400)).code).toBe('bad_input');
    expect(toDomainError(bodyParserError('charset.unsupported', 415)).code).toBe('bad_input');
  });

  it('hides everything else behind internal', () => {
    const e = toDomainError(new Error('password=hunter2 in a stack'));
    expect([e.code, e.message]).toEqual(['internal', 'Internal error.']);
  });
});
