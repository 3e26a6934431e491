import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { fieldPath, inputProblems, wrongCredentialMessage } from './refusal-messages.ts';

describe('refusal messages', () => {
  it('name the action in words and what to use instead, never the internal operation name', () => {
    const m = wrongCredentialMessage('Register a webhook', ['session', 'device'], 'api_key');
    expect(m).toBe('"Register a webhook" cannot be done with an API key; use a web session (sign in at /account) or a device-signed request (a linked device for account actions).');
  });

  it('list input problems as field: problem, with array indexes', () => {
    const schema = z.object({ items: z.array(z.object({ url: z.url() })) });
    const err = schema.safeParse({ items: [{ url: 'https://a.example' }, { url: 'nope' }] }).error!;
    expect(fieldPath(['items', 1, 'url'])).toBe('items[1].url');
    expect(inputProblems(err)).toMatch(/^Invalid input: items\[1\]\.url: /);
    expect(inputProblems(err)).not.toMatch(/[✖→]/);
  });
});
