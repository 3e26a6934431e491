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

describe('invoke: the rate charge of reads', () => {
  /** A limiter whose every charge waits until released, recording the points taken; `allow` decides the verdict. */
  function gatedLimiter(allow = true) {
    const points: number[] = [];
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const rateLimiter = {
      lifted: false,
      async consume(_key: string, _perMinute: number, n = 1) {
        points.push(n);
        await gate;
        return allow ? { allowed: true as const, remaining: 10, resetSeconds: 60 } : { allowed: false as const, retryAfterSeconds: 5, resetSeconds: 60 };
      },
      peek: async () => ({ allowed: true as const, remaining: 10, resetSeconds: 60 }),
      close: async () => undefined,
    };
    return { rateLimiter, points, release };
  }
  const ctxOf = (rateLimiter: unknown) =>
    ({ config: { tiers: DEFAULT_TIERS }, rateLimiter, principal: { kind: 'api_key', accountId: 'a', keyId: 'k', scopes: [], tier: 'free' }, requestId: 'r', log: pino({ level: 'silent' }) }) as unknown as Ctx;
  const readOp = (handler: () => Promise<z.input<typeof Out>>) => defineOperation({
    name: 'read_probe', title: 'read probe', description: 'probe', scope: null, errors: [], actors: ['api_key'],
    input: z.object({ etag: z.string().optional(), wait: z.number().optional() }), output: Out,
    discounted: (i) => i.etag !== undefined,
    readOnly: (i) => !i.wait,
    async handler(_ctx, i, bill) {
      if (i.etag === 'same') bill.cost = 'not_modified';
      return handler();
    },
  });

  it('a read runs while its charge is in flight; a plain read is charged a whole call once', async () => {
    const { rateLimiter, points, release } = gatedLimiter();
    const handler = vi.fn(async () => ({ n: 1, inner: { s: 'x' } }));
    const call = invoke(readOp(handler), ctxOf(rateLimiter), {});
    await vi.waitFor(() => expect(handler).toHaveBeenCalledTimes(1));
    expect(points).toEqual([4]);
    release();
    expect(await call).toEqual({ n: 1, inner: { s: 'x' } });
    expect(points).toEqual([4]);
  });

  it('a refused charge drops the read’s answer and refuses the call', async () => {
    const { rateLimiter, release } = gatedLimiter(false);
    const handler = vi.fn(async () => ({ n: 1, inner: { s: 'x' } }));
    const call = invoke(readOp(handler), ctxOf(rateLimiter), {});
    release();
    await expect(call).rejects.toMatchObject({ code: 'rate_limited' });
  });

  it('a call that waits is not started before its charge; a conditional read is charged its least cost, then the rest', async () => {
    const { rateLimiter, points, release } = gatedLimiter();
    const handler = vi.fn(async () => ({ n: 1, inner: { s: 'x' } }));
    const waiting = invoke(readOp(handler), ctxOf(rateLimiter), { wait: 5 });
    await new Promise((r) => setTimeout(r, 20));
    expect(handler).not.toHaveBeenCalled();
    release();
    await waiting;
    expect(await invoke(readOp(handler), ctxOf(rateLimiter), { etag: 'same' })).toEqual({ n: 1, inner: { s: 'x' } });
    expect(await invoke(readOp(handler), ctxOf(rateLimiter), { etag: 'other' })).toEqual({ n: 1, inner: { s: 'x' } });
    // wait: a whole call; a matching tag: its quarter only; a stale tag: a quarter, then the three quarters left.
    expect(points).toEqual([4, 1, 1, 3]);
  });

  it('a malformed read is charged a whole call and refused, and never runs', async () => {
    const { rateLimiter, points, release } = gatedLimiter();
    const handler = vi.fn(async () => ({ n: 1, inner: { s: 'x' } }));
    release();
    await expect(invoke(readOp(handler), ctxOf(rateLimiter), { etag: 7 })).rejects.toMatchObject({ code: 'bad_input' });
    expect(points).toEqual([4]);
    expect(handler).not.toHaveBeenCalled();
  });
});
