import { expect, it } from 'vitest';
import { startSignInStack } from '../../support/sign-in-stack.ts';

it('smoke', async () => {
  await using stack = await startSignInStack();
  const b = stack.browser();
  const res = await b.signIn('alice@example.org');
  const text = await res.text();
  console.log(res.status, text, res.headers.getSetCookie());
  expect(res.status).toBe(200);
});
