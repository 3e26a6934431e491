import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { describe, expect, it } from 'vitest';
import { inOneLayer } from './in-one-layer.ts';

const req = {} as Request;
const res = {} as Response;
const run = (h: RequestHandler) =>
  new Promise<unknown>((resolve) => h(req, res, ((err?: unknown) => resolve(err ?? 'next')) as NextFunction));

describe('inOneLayer', () => {
  it('runs the handlers in order, then the next layer', async () => {
    const seen: number[] = [];
    const mark = (n: number): RequestHandler => (_q, _s, next) => void (seen.push(n), next());
    expect(await run(inOneLayer(mark(1), mark(2), mark(3)))).toBe('next');
    expect(seen).toEqual([1, 2, 3]);
  });

  it('stops at an error passed to next, thrown, or rejected', async () => {
    const boom = new Error('boom');
    const never: RequestHandler = () => {
      throw new Error('must not run');
    };
    expect(await run(inOneLayer((_q, _s, next) => next(boom), never))).toBe(boom);
    expect(await run(inOneLayer(() => { throw boom; }, never))).toBe(boom);
    expect(await run(inOneLayer(async () => Promise.reject(boom), never))).toBe(boom);
  });
});
