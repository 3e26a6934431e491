import { Router, type NextFunction, type Request, type Response } from 'express';
import { describe, expect, it } from 'vitest';
import { onlyUnder } from './only-under.ts';

describe('onlyUnder', () => {
  const entered: string[] = [];
  const router = Router();
  router.use((req, _res, next) => void (entered.push(req.path), next()));
  const layer = onlyUnder('/api/v2/jobs/upload', router);
  const run = (path: string) =>
    new Promise<void>((resolve) => {
      const req = { url: path, method: 'POST', originalUrl: path, path } as unknown as Request;
      layer(req, {} as Response, (() => resolve()) as NextFunction);
    });

  it('enters the router for its paths only, keeping their full path', async () => {
    await run('/api/v2/jobs/upload-ticket');
    await run('/api/v2/jobs/upload');
    await run('/api/v2/jobs/0b7c6e4e-1c55-4a4f-9a57-1d3c51f1f0a2');
    await run('/api/v2/jobs');
    expect(entered).toEqual(['/api/v2/jobs/upload-ticket', '/api/v2/jobs/upload']);
  });

  it('keeps the router\'s routes visible, as a router does', () => {
    expect(layer.stack).toBe(router.stack);
  });
});
