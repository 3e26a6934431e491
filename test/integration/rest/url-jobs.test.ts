/** URL jobs fetch from a local HTTP server only when private addresses are allowed. */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { beforeAll, describe, expect, it } from 'vitest';
import { makePdf } from '../../support/pdf.ts';
import { fileEnv } from '../../support/test-env.ts';
import { errorCode, startApi, warmUp } from './api-client.ts';

beforeAll(warmUp);

async function pdfServer(): Promise<AsyncDisposable & { url: string }> {
  const pdf = await makePdf([['Fetched over HTTP']]);
  const server: Server = createServer((req, res) => {
    if (req.url === '/paper.pdf') res.writeHead(200, { 'content-type': 'application/pdf' }).end(pdf);
    else res.writeHead(404).end();
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    async [Symbol.asyncDispose]() {
      server.closeAllConnections();
      await new Promise<void>((r) => server.close(() => r()));
    },
  };
}

describe('URL jobs', () => {
  it('creates a job from a local link when P2M_ALLOW_PRIVATE_URLS=true; a broken link is 400', async () => {
    await using origin = await pdfServer();
    await using env = await fileEnv({ P2M_ALLOW_PRIVATE_URLS: 'true' });
    await using api = await startApi(env);
    const alice = await env.user();
    const res = await api.call('POST', '/api/v2/jobs', { key: alice.key, json: { url: `${origin.url}/paper.pdf`, tags: ['web'] } });
    expect(res.status).toBe(201);
    expect(await res.json()).toMatchObject({ status: 'queued', file_name: 'paper.pdf', source_url: `${origin.url}/paper.pdf`, tags: ['web'] });
    const missing = await api.call('POST', '/api/v2/jobs', { key: alice.key, json: { url: `${origin.url}/missing.pdf` } });
    expect([missing.status, await errorCode(missing)]).toEqual([400, 'fetch_failed']);
  });

  it('refuses a link to a private address by default', async () => {
    await using origin = await pdfServer();
    await using env = await fileEnv();
    await using api = await startApi(env);
    const alice = await env.user();
    const res = await api.call('POST', '/api/v2/jobs', { key: alice.key, json: { url: `${origin.url}/paper.pdf` } });
    expect([res.status, await errorCode(res)]).toEqual([400, 'fetch_failed']);
  });

  it('refuses a non-http link and a body with neither url nor file', async () => {
    await using env = await fileEnv();
    await using api = await startApi(env);
    const alice = await env.user();
    const ftp = await api.call('POST', '/api/v2/jobs', { key: alice.key, json: { url: 'ftp://example.org/a.pdf' } });
    expect([ftp.status, await errorCode(ftp)]).toEqual([400, 'bad_input']);
    const empty = await api.call('POST', '/api/v2/jobs', { key: alice.key, json: {} });
    expect([empty.status, await errorCode(empty)]).toEqual([400, 'bad_input']);
    const text = await api.call('POST', '/api/v2/jobs', { key: alice.key, body: 'hello', headers: { 'content-type': 'text/plain' } });
    expect([text.status, await errorCode(text)]).toEqual([400, 'bad_input']);
  });
});
