import { pino } from 'pino';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import type { Ctx } from './context.ts';
import { deepFreeze } from './deep-freeze.ts';
import { defineOperation, invoke } from './operation.ts';
import { createRateLimiter } from './ratelimit/rate-limiter.ts';
import { DEFAULT_TIERS } from './tiers.ts';

const Out = z.object({ n: z.number().int(), inner: z.object({ s: z.string() }) });

async function ctxWith(): Promise<Ctx> {
  const rateLimiter = await createRateLimiter({ redisUrl: undefined, rateLimit: false });
  const principal = { kind: 'api_key', accountId: 'a', keyId: 'k', scopes: [], tier: 'free' } as const;
  return { config: { tiers: DEFAULT_TIERS }, rateLimiter, principal, requestId: 'r', log: pino({ level: 'silent' }) } as unknown as Ctx;
}

function opReturning(values: () => unknown) {
  const handler = vi.fn(async () => values() as z.input<typeof Out>);
  const op = defineOperation({
    name: 'probe', title: 'probe', description: 'probe', scope: null,
    errors: [], actors: ['api_key'],
    input: z.object({}), output: Out, handler,
  });
  return { op, handler };
}

describe('invoke: output validation', () => {
  it('parses a handler\'s fresh object every time, and refuses one that breaks the schema', async () => {
    const ctx = await ctxWith();
    let out: unknown = { n: 1, inner: { s: 'x' }, extra: true };
    const { op } = opReturning(() => out);
    expect(await invoke(op, ctx, {})).toEqual({ n: 1, inner: { s: 'x' } });
    out = { n: 1.5, inner: { s: 'x' } };
    await expect(invoke(op, ctx, {})).rejects.toBeInstanceOf(z.ZodError);
  });

  it('validates a deeply frozen object once and hands every caller the same frozen output', async () => {
    const ctx = await ctxWith();
    const kept = deepFreeze({ n: 2, inner: { s: 'y' }, extra: 1 });
    const { op } = opReturning(() => kept);
    const parse = vi.spyOn(Out, 'parse');
    const first = await invoke(op, ctx, {});
    const second = await invoke(op, ctx, {});
    expect(first).toEqual({ n: 2, inner: { s: 'y' } });
    expect(second).toBe(first);
    expect(parse).toHaveBeenCalledTimes(1);
    expect(Object.isFrozen(first.inner)).toBe(true);
  });

  it('still refuses a frozen object that breaks the schema, on every call', async () => {
    const ctx = await ctxWith();
    const bad = deepFreeze({ n: 'two', inner: { s: 'y' } });
    const { op } = opReturning(() => bad);
    for (let i = 0; i < 2; i++) await expect(invoke(op, ctx, {})).rejects.toBeInstanceOf(z.ZodError);
  });
});
