import express from 'express';
import { get } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { deepFreeze } from '../core/deep-freeze.ts';
import { sendJson } from './json-reply.ts';

const frozenView = deepFreeze({ job_id: 'j1', status: 'ready', pages: { done: 3, total: 3 } });
let open = { n: 0 };

function appWith(etag: boolean) {
  const app = express();
  app.set('etag', etag);
  app.get('/frozen', (_req, res) => sendJson(res.status(200), frozenView));
  app.get('/open', (_req, res) => sendJson(res.status(200), open));
  app.get('/tagged', (_req, res) => sendJson(res.status(200), frozenView, 'W/"own-state"'));
  return app;
}

let base = '';
let noEtagBase = '';
const servers: import('node:http').Server[] = [];
const listen = (app: express.Express) =>
  new Promise<string>((resolve) => {
    const s = app.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(s.address() as AddressInfo).port}`));
    servers.push(s);
  });

beforeAll(async () => {
  base = await listen(appWith(true));
  noEtagBase = await listen(appWith(false));
});
afterAll(() => servers.forEach((s) => s.close()));

describe('sendJson', () => {
  it('answers a frozen value as res.json would, with its entity tag, serialized once', async () => {
    const stringify = vi.spyOn(JSON, 'stringify');
    const first = await fetch(`${base}/frozen`);
    const second = await fetch(`${base}/frozen`);
    const calls = stringify.mock.calls.filter(([v]) => v === frozenView).length;
    stringify.mockRestore();
    for (const res of [first, second]) {
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
    }
    expect(await first.json()).toEqual(frozenView);
    expect(await second.text()).toBe(JSON.stringify(frozenView));
    expect(first.headers.get('etag')).toMatch(/^W\/"[0-9a-f]+-/);
    expect(second.headers.get('etag')).toBe(first.headers.get('etag'));
    expect(calls).toBe(1);
  });

  it('answers a conditional poll of an unchanged frozen value with 304 and no body', async () => {
    const etag = (await fetch(`${base}/frozen`)).headers.get('etag')!;
    // node:http, not fetch: fetch adds Cache-Control: no-cache to a conditional request, which disables 304.
    const res = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      get(`${base}/frozen`, { headers: { 'if-none-match': etag } }, (r) => {
        let body = '';
        r.on('data', (c: Buffer) => (body += c.toString())).on('end', () => resolve({ status: r.statusCode!, body }));
      }).on('error', reject);
    });
    expect(res).toEqual({ status: 304, body: '' });
  });

  it('serializes a value that may change on every reply', async () => {
    open = { n: 1 };
    const a = await (await fetch(`${base}/open`)).json();
    open.n = 2;
    const b = await (await fetch(`${base}/open`)).json();
    expect([a, b]).toEqual([{ n: 1 }, { n: 2 }]);
  });

  it('sends no entity tag when the app turned them off', async () => {
    const res = await fetch(`${noEtagBase}/frozen`);
    expect(res.headers.get('etag')).toBeNull();
    expect(await res.json()).toEqual(frozenView);
  });

  it('answers a frozen value with the entity tag it is given, its exact length and its JSON, serialized once', async () => {
    const stringify = vi.spyOn(JSON, 'stringify');
    const replies = [await fetch(`${base}/tagged`), await fetch(`${base}/tagged`)];
    const calls = stringify.mock.calls.filter(([v]) => v === frozenView).length;
    stringify.mockRestore();
    for (const res of replies) {
      expect([res.status, res.headers.get('etag'), res.headers.get('content-type')]).toEqual([200, 'W/"own-state"', 'application/json; charset=utf-8']);
      expect(res.headers.get('content-length')).toBe(String(Buffer.byteLength(JSON.stringify(frozenView))));
      expect(await res.json()).toEqual(frozenView);
    }
    expect(calls).toBeLessThanOrEqual(1);
  });
});
