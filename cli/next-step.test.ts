import { describe, expect, it } from 'vitest';
import { nextStepMessage } from './next-step.ts';

describe('nextStepMessage', () => {
  it('names the address, the account page when sign-in is configured, and the key command', () => {
    const withSignIn = nextStepMessage('http://127.0.0.1:8080', true);
    expect(withSignIn).toContain('http://127.0.0.1:8080/account');
    expect(withSignIn).toContain('npx p2m keys create');
    const local = nextStepMessage('http://127.0.0.1:8080', false);
    expect(local).not.toContain('/account');
    expect(local).toContain('npx p2m keys create');
    expect(local).toContain('http://127.0.0.1:8080/api/v2/jobs');
  });
});
