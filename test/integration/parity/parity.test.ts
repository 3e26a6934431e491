/**
 * Parity across transports: every operation answers the same on REST, MCP
 * and tRPC — the same scope rule, the same owner rule (another owner's job
 * is not_found), the same errors, and the same data.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invoke } from '../../../core/operation.ts';
import { JOB_OPERATIONS, createJobFromUpload } from '../../../core/operations.ts';
import type { Scope } from '../../../core/scopes.ts';
import { createTrpcMiddleware } from '../../../server/app-router.ts';
import { mcpRoutes } from '../../../server/mcp-tools.ts';
import { makePdf } from '../../support/pdf.ts';
import { fileEnv, type TestEnv, type TestUser } from '../../support/test-env.ts';
import { drainQueue, revokeKey, startApi, type Api } from '../rest/api-client.ts';
import { mcpTransport, restTransport, rpcTransport, type Input, type Transport } from './transports.ts';

const ALL_SCOPES: Scope[] = ['jobs:create', 'jobs:read', 'jobs:download', 'jobs:delete'];
const JOB_OPS = ['get_job', 'get_markdown', 'delete_job'];

let env: TestEnv;
let api: Api;
let pdfOrigin: Server;
let alice: TestUser;
let bob: TestUser;
let readyJob: string;
let queuedJob: string;
let pdf64: string;
const transports: Record<string, Transport> = {};

beforeAll(async () => {
  env = await fileEnv({ P2M_ALLOW_PRIVATE_URLS: 'true' });
  api = await startApi(env, { mcp: mcpRoutes, trpc: createTrpcMiddleware });
  for (const t of [restTransport(api.base), mcpTransport(api.base), rpcTransport(api.base)]) transports[t.name] = t;
  pdf64 = (await makePdf([['Parity for all', 'Same answer everywhere.']])).toString('base64');
  pdfOrigin = createServer((_req, res) => res.writeHead(200, { 'content-type': 'application/pdf' }).end(Buffer.from(pdf64, 'base64')));
  await new Promise<void>((r) => pdfOrigin.listen(0, '127.0.0.1', r));
  alice = await env.user({ tier: 'pro' });
  bob = await env.user({ tier: 'pro' });
  readyJob = (await createAs(alice)).job_id;
  await drainQueue(env);
  queuedJob = (await createAs(alice)).job_id;
});

afterAll(async () => {
  pdfOrigin?.closeAllConnections();
  pdfOrigin?.close();
  await api?.[Symbol.asyncDispose]();
  await env?.[Symbol.asyncDispose]();
});

const createAs = (user: TestUser) => invoke(createJobFromUpload, env.ctx(user.principal), { content_base64: pdf64 });

/** A valid input of each operation for alice; delete_job gets a job of its own. */
async function validInput(op: string): Promise<Input> {
  const port = (pdfOrigin.address() as AddressInfo).port;
  const inputs: Record<string, () => Promise<Input> | Input> = {
    create_job_from_url: () => ({ url: `http://127.0.0.1:${port}/parity.pdf` }),
    create_job_from_upload: () => ({ content_base64: pdf64, file_name: 'parity.pdf' }),
    list_jobs: () => ({ status: 'ready' }),
    get_job: () => ({ job_id: readyJob }),
    get_markdown: () => ({ job_id: readyJob }),
    delete_job: async () => ({ job_id: (await createAs(alice)).job_id }),
    get_limits: () => ({}),
    create_job_batch: () => ({ items: [{ url: `http://127.0.0.1:${port}/parity.pdf` }] }),
  };
  const make = inputs[op];
  if (!make) throw new Error(`no valid input for ${op}`);
  return make();
}

describe.each(['rest', 'mcp', 'rpc'])('%s', (name) => {
  const t = () => transports[name]!;

  it.each(JOB_OPERATIONS.map((op) => op.name))('%s succeeds for its owner', async (op) => {
    const reply = await t().call(alice.key, op, await validInput(op));
    expect(reply).toHaveProperty('data');
    const data = (reply as { data: unknown }).data;
    if (op === 'get_markdown') expect(data).toContain('Parity for all');
    else expect(data).toMatchObject({ slot_usage: { limit: 20 }, tier: 'pro' });
    const created = data as { created?: boolean; job_id?: string; items?: { job_id: string }[] };
    if (created.created) await t().call(alice.key, 'delete_job', { job_id: created.job_id });
    if (op === 'create_job_batch') for (const job of created.items!) await t().call(alice.key, 'delete_job', { job_id: job.job_id });
  });

  it.each(JOB_OPERATIONS.filter((op) => op.scope !== null).map((op) => [op.name, op.scope!] as const))(
    '%s needs %s',
    async (op, scope) => {
      const lacking = await env.user({ tier: 'pro', scopes: ALL_SCOPES.filter((s) => s !== scope) });
      expect(await t().call(lacking.key, op, await validInput(op))).toEqual({ error: 'insufficient_scope' });
    },
  );

  it('get_limits needs no scope', async () => {
    const bare = await env.user({ scopes: [] });
    expect(await t().call(bare.key, 'get_limits', {})).toHaveProperty('data');
  });

  it.each(JOB_OPS)("%s on another owner's job is not_found", async (op) => {
    expect(await t().call(bob.key, op, { job_id: readyJob })).toEqual({ error: 'not_found' });
  });

  it.each(JOB_OPERATIONS.map((op) => op.name))('%s without a key, or with a revoked one, is unauthenticated', async (op) => {
    expect(await t().call(undefined, op, { job_id: readyJob })).toEqual({ error: 'unauthenticated' });
    const revoked = await env.user();
    await revokeKey(env, revoked.key);
    expect(await t().call(revoked.key, op, { job_id: readyJob })).toEqual({ error: 'unauthenticated' });
  });

  it('answers the same errors', async () => {
    expect(await t().call(alice.key, 'get_job', { job_id: 'not-a-uuid' })).toEqual({ error: 'bad_input' });
    expect(await t().call(alice.key, 'get_markdown', { job_id: queuedJob })).toEqual({ error: 'not_ready' });
    const notPdf = Buffer.from('GIF89a, not a PDF').toString('base64');
    expect(await t().call(alice.key, 'create_job_from_upload', { content_base64: notPdf })).toEqual({ error: 'not_a_pdf' });
    expect(await t().call(alice.key, 'create_job_from_url', { url: 'ftp://example.org/a.pdf' })).toEqual({ error: 'bad_input' });
    expect(await t().call(alice.key, 'list_jobs', { status: 'lost' })).toEqual({ error: 'bad_input' });
  });
});

describe('all transports', () => {
  it.each(['get_job', 'get_markdown', 'list_jobs', 'get_limits'])('%s answers the same data', async (op) => {
    const input = await validInput(op);
    const replies = await Promise.all(['rest', 'mcp', 'rpc'].map((n) => transports[n]!.call(alice.key, op, input)));
    expect(replies[1]).toEqual(replies[0]);
    expect(replies[2]).toEqual(replies[0]);
  });
});
