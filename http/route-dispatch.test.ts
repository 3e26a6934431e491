import express from 'express';
import { describe, expect, it } from 'vitest';
import type { Runtime } from '../core/runtime.ts';
import { dispatchRoutes } from './route-dispatch.ts';
import type { Route } from './route.ts';
import { rawRequest as raw } from '../test/support/raw-request.ts';

const route = (method: Route['method'], path: string, extra: Partial<Route> = {}): Route => ({
  method, path, auth: 'none', operations: [], doc: null,
  handlers: () => [(req, res) => void res.json({ route: `${method} ${path}`, params: req.params })],
  ...extra,
});

async function serve(routes: Route[], run: (base: string) => Promise<void>) {
  const app = express();
  app.use(dispatchRoutes({} as Runtime, routes));
  app.use((_req, res) => void res.status(404).json({ route: null }));
  app.use(((err, _req, res, _next) => void res.status(500).json({ error: String(err) })) as express.ErrorRequestHandler);
  const server = app.listen(0, '127.0.0.1');
  await new Promise((r) => server.once('listening', r));
  try {
    await run(`http://127.0.0.1:${(server.address() as { port: number }).port}`);
  } finally {
    server.close();
  }
}

const get = async (url: string, method = 'GET') => (await fetch(url, { method })).json() as Promise<{ route: string | null; params?: object }>;


describe('dispatchRoutes', () => {
  it('matches method and path, literal routes before parameter routes, with decoded parameters', async () => {
    const routes = [route('get', '/api/jobs/{jobId}'), route('get', '/api/jobs/batch'), route('delete', '/api/jobs/{jobId}')];
    await serve(routes, async (base) => {
      expect(await get(`${base}/api/jobs/batch`)).toEqual({ route: 'get /api/jobs/batch', params: {} });
      expect(await get(`${base}/api/jobs/a%20b`)).toEqual({ route: 'get /api/jobs/{jobId}', params: { jobId: 'a b' } });
      expect((await get(`${base}/api/jobs/x`, 'DELETE')).route).toBe('delete /api/jobs/{jobId}');
      expect((await get(`${base}/API/Jobs/x/`)).route).toBe('get /api/jobs/{jobId}');
      expect((await get(`${base}/api/jobs/x/y`)).route).toBeNull();
      expect((await get(`${base}/api/jobs/`)).route).toBeNull();
    });
  });

  it('runs a route\'s own failure handler, and passes bad percent-encoding on as an error', async () => {
    const failing = route('get', '/boom', {
      handlers: () => [() => { throw new Error('boom'); }],
      failures: () => (err, _req, res, _next) => void res.status(418).json({ route: `own ${String(err)}` }),
    });
    await serve([failing, route('get', '/p/{x}')], async (base) => {
      const res = await fetch(`${base}/boom`);
      expect([res.status, ((await res.json()) as { route: string }).route]).toEqual([418, 'own Error: boom']);
      expect((await fetch(`${base}/p/%E0%A4%A`)).status).toBe(500);
    });
  });

  it('answers a method the path does not serve with 405 method_not_allowed and Allow; an unknown path still goes on (404)', async () => {
    const routes = [route('get', '/api/jobs/{jobId}'), route('delete', '/api/jobs/{jobId}')];
    await serve(routes, async (base) => {
      for (const method of ['POST', 'PUT', 'TRACE']) {
        const res = await raw(method, `${base}/api/jobs/x`);
        expect(res.status, method).toBe(500);
        expect(res.allow).toBe('DELETE, GET, HEAD');
        expect(res.body).toContain('is not served on /api/jobs/x');
      }
      expect((await raw('TRACE', `${base}/api/nothing`)).status).toBe(404);
    });
  });

  it('refuses a route declared twice', () => {
    expect(() => dispatchRoutes({} as Runtime, [route('get', '/a'), route('get', '/a')])).toThrow(/declared twice/);
  });
});
