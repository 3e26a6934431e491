/**
 * One admission check for single and batch creation, on every transport: a
 * batch item's callback_url gets the single create's rules — a
 * callback_secret is required, metadata, private and loopback addresses are
 * refused, callbacks are paid-only — and a refused batch creates nothing
 * and fetches no link.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobs } from '../../../db/schema.ts';
import { createTrpcMiddleware } from '../../../server/app-router.ts';
import { mcpRoutes } from '../../../server/mcp-tools.ts';
import { makePdf } from '../../support/pdf.ts';
import { fileEnv, type TestEnv, type TestUser } from '../../support/test-env.ts';
import { startApi, type Api } from '../rest/api-client.ts';
import { mcpTransport, restTransport, rpcTransport, type Transport } from './transports.ts';

let env: TestEnv;
let api: Api;
let origin: Server;
let hits = 0;
let pro: TestUser;
let batchOnly: TestUser;
const transports: Transport[] = [];

beforeAll(async () => {
  const pdf = await makePdf([['Admitted']]);
  origin = createServer((_req, res) => {
    hits++;
    res.writeHead(200, { 'content-type': 'application/pdf' }).end(pdf);
  });
  await new Promise<void>((r) => origin.listen(0, '127.0.0.1', r));
  // Loopback links are allowed (the test's own PDF server); callbacks to other internal addresses never are.
  env = await fileEnv({ P2M_ALLOW_PRIVATE_URLS: 'true', P2M_TIERS: JSON.stringify({ free: { batchEnabled: true } }) });
  api = await startApi(env, { mcp: mcpRoutes, trpc: createTrpcMiddleware });
  transports.push(restTransport(api.base), mcpTransport(api.base), rpcTransport(api.base));
  pro = await env.user({ tier: 'pro' });
  batchOnly = await env.user({ tier: 'free' });
});

afterAll(async () => {
  origin?.closeAllConnections();
  origin?.close();
  await api?.[Symbol.asyncDispose]();
  await env?.[Symbol.asyncDispose]();
});

const link = () => `http://127.0.0.1:${(origin.address() as AddressInfo).port}/doc.pdf`;
const SECRET = 'a-callback-secret-of-some-length';

const cases: [string, Record<string, string>, string][] = [
  ['a callback_url without callback_secret', { callback_url: 'https://hooks.example.org/p2m' }, 'bad_input'],
  ['a callback_secret without callback_url', { callback_secret: SECRET }, 'bad_input'],
  ['a cloud metadata address', { callback_url: 'https://169.254.169.254/latest', callback_secret: SECRET }, 'bad_input'],
  ['a private address', { callback_url: 'https://10.0.0.7/hook', callback_secret: SECRET }, 'bad_input'],
];

describe.each(['rest', 'mcp', 'rpc'])('%s', (name) => {
  const t = () => transports.find((x) => x.name === name)!;

  it.each(cases)('refuses a batch item with %s, like a single create; nothing is created or fetched', async (_what, fields, code) => {
    const before = hits;
    const single = await t().call(pro.key, 'create_job_from_url', { url: link(), ...fields });
    const batch = await t().call(pro.key, 'create_job_batch', { items: [{ url: link() }, { url: link(), ...fields }] });
    expect(single).toEqual({ error: code });
    expect(batch).toEqual({ error: code });
    expect(hits).toBe(before);
    expect(await env.runtime.db.select().from(jobs)).toEqual([]);
  });

  it('refuses a callback on a plan without webhooks even when it has batches (403 not_in_plan)', async () => {
    const fields = { callback_url: 'https://hooks.example.org/p2m', callback_secret: SECRET };
    expect(await t().call(batchOnly.key, 'create_job_batch', { items: [{ url: link(), ...fields }] })).toEqual({ error: 'not_in_plan' });
    expect(await t().call(batchOnly.key, 'create_job_from_url', { url: link(), ...fields })).toEqual({ error: 'not_in_plan' });
    expect(await env.runtime.db.select().from(jobs)).toEqual([]);
  });
});

describe('the refusal names the item', () => {
  it('REST says which item and which field', async () => {
    const res = await api.call('POST', '/api/v2/jobs/batch', {
      key: pro.key,
      json: { items: [{ url: link() }, { url: link(), callback_url: 'https://hooks.example.org/p2m' }] },
    });
    expect(res.status).toBe(400);
    const { error } = (await res.json()) as { error: { message: string } };
    expect(error.message).toMatch(/^items\[1\]\.callback_url needs a callback_secret/);
  });
});
