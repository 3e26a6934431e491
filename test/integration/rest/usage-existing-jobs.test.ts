/**
 * /api/v2/usage counts jobs that exist: a link whose fetch fails (the held
 * row is removed again) and a batch rolled back leave the month's count
 * where it was; a created job still counts after it is deleted.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makePdf } from '../../support/pdf.ts';
import { fileEnv } from '../../support/test-env.ts';
import { errorCode, startApi, warmUp } from './api-client.ts';

let origin: Server;
let base: string;
beforeAll(async () => {
  const pdf = await makePdf();
  origin = createServer((req, res) => {
    if (req.url === '/ok.pdf') res.writeHead(200, { 'content-type': 'application/pdf' }).end(pdf);
    else res.writeHead(404).end();
  });
  await new Promise<void>((r) => origin.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(origin.address() as AddressInfo).port}`;
  await warmUp();
});
afterAll(() => {
  origin.closeAllConnections();
  origin.close();
});

describe('usage counts jobs that exist', () => {
  it('refused link and batch requests are not counted; created jobs are, also once deleted', async () => {
    await using env = await fileEnv({ P2M_ALLOW_PRIVATE_URLS: 'true' });
    await using api = await startApi(env);
    const user = await env.user({ tier: 'pro' });
    const used = async () => ((await (await api.call('GET', '/api/v2/usage', { key: user.key })).json()) as { jobs: { used: number } }).jobs.used;
    for (let i = 0; i < 2; i++) {
      const res = await api.call('POST', '/api/v2/jobs', { key: user.key, json: { url: `${base}/missing.pdf` } });
      expect([res.status, await errorCode(res)]).toEqual([400, 'fetch_failed']);
    }
    const batch = await api.call('POST', '/api/v2/jobs/batch', { key: user.key, json: { items: [{ url: `${base}/ok.pdf` }, { url: `${base}/missing.pdf` }] } });
    expect(batch.status).toBe(400);
    const list = (await (await api.call('GET', '/api/v2/jobs', { key: user.key })).json()) as { items: unknown[] };
    expect(list.items).toEqual([]);
    expect(await used()).toBe(0);

    const ok = await api.call('POST', '/api/v2/jobs', { key: user.key, json: { url: `${base}/ok.pdf` } });
    expect(ok.status).toBe(201);
    expect(await used()).toBe(1);
    await api.call('DELETE', `/api/v2/jobs/${((await ok.json()) as { job_id: string }).job_id}`, { key: user.key });
    expect(await used()).toBe(1);
  });
});
