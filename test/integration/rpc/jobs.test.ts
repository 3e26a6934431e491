import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createWorker } from '../../../worker/worker.ts';
import { makePdf } from '../../support/pdf.ts';
import { fileEnv, type TestEnv, type TestUser } from '../../support/test-env.ts';
import { rpcError, startTrpc, type TrpcHarness } from './trpc-harness.ts';

let env: TestEnv;
let rpc: TrpcHarness;
let alice: TestUser;
let bob: TestUser;

beforeAll(async () => {
  env = await fileEnv();
  rpc = await startTrpc(env);
  alice = await env.user();
  bob = await env.user();
});

afterAll(async () => {
  await rpc?.[Symbol.asyncDispose]();
  await env?.[Symbol.asyncDispose]();
});

const pdf64 = async (text = 'Hello p2m') => (await makePdf([[text, 'Over tRPC.']])).toString('base64');
const quota = { slot_usage: { limit: 3 }, tier: 'free' };

describe('tRPC jobs router', () => {
  it('converts an uploaded PDF: create, get, list, drain the worker, markdown, delete', async () => {
    const api = rpc.client(alice.key);
    const job = await api.jobs.createFromUpload.mutate({ content_base64: await pdf64(), file_name: 'rpc.pdf' });
    expect(job).toMatchObject({ status: 'queued', created: true, file_name: 'rpc.pdf', ...quota });
    expect(await api.jobs.get.query({ job_id: job.job_id })).toMatchObject({ job_id: job.job_id, ...quota });
    const list = await api.jobs.list.query({});
    expect(list.items.map((j) => j.job_id)).toContain(job.job_id);
    expect(list).toMatchObject(quota);
    expect(await rpcError(api.jobs.markdown.query({ job_id: job.job_id }))).toMatchObject({ code: 'not_ready', status: 409 });

    expect(await createWorker(env.runtime, { concurrency: 1, pools: ['paid', 'free'] }).runOnce()).toBe(1);
    const md = await api.jobs.markdown.query({ job_id: job.job_id });
    expect(md.content).toContain('Hello p2m');
    expect(md).toMatchObject({ file_name: 'rpc.md', job: { status: 'ready' }, ...quota });

    const deleted = await api.jobs.delete.mutate({ job_id: job.job_id });
    expect(deleted).toMatchObject({ job_id: job.job_id, deleted: true, ...quota });
    expect(await rpcError(api.jobs.markdown.query({ job_id: job.job_id }))).toMatchObject({ code: 'gone', status: 410 });
  });

  it('reports limits', async () => {
    expect(await rpc.client(alice.key).jobs.limits.query({})).toMatchObject({ ...quota, batch_enabled: false });
  });

  it('carries the domain code in error data: scope, owner, input, slots', async () => {
    const reader = await env.user({ scopes: ['jobs:create', 'jobs:read'] });
    const job = await rpc.client(reader.key).jobs.createFromUpload.mutate({ content_base64: await pdf64() });
    expect(await rpcError(rpc.client(reader.key).jobs.markdown.query({ job_id: job.job_id }))).toEqual({
      code: 'insufficient_scope',
      status: 403,
      trpc_code: 'FORBIDDEN',
      path: 'jobs.markdown',
    });
    const asBob = rpc.client(bob.key).jobs;
    for (const call of [
      () => asBob.get.query({ job_id: job.job_id }),
      () => asBob.delete.mutate({ job_id: job.job_id }),
      () => asBob.markdown.query({ job_id: job.job_id }),
    ]) {
      expect(await rpcError(call())).toMatchObject({ code: 'not_found', trpc_code: 'NOT_FOUND' });
    }
    expect(await rpcError(rpc.client(bob.key).jobs.get.query({ job_id: 'nope' }))).toMatchObject({ code: 'bad_input', trpc_code: 'BAD_REQUEST' });
    const carol = await env.user();
    for (let i = 0; i < 3; i++) await rpc.client(carol.key).jobs.createFromUpload.mutate({ content_base64: await pdf64() });
    expect(await rpcError(rpc.client(carol.key).jobs.createFromUpload.mutate({ content_base64: await pdf64() }))).toMatchObject({
      code: 'slots_full',
      trpc_code: 'CONFLICT',
    });
  });

  it('refuses a missing or bad key with 401 and a Bearer challenge', async () => {
    expect(await rpcError(rpc.client().jobs.limits.query({}))).toMatchObject({ code: 'unauthenticated', trpc_code: 'UNAUTHORIZED' });
    const res = await fetch(`${rpc.url}/jobs.limits`);
    expect(res.status).toBe(401);
    expect(res.headers.get('www-authenticate')).toMatch(/^Bearer/);
    expect(await rpcError(rpc.client(`p2m_${'y'.repeat(43)}`).jobs.limits.query({}))).toMatchObject({ code: 'unauthenticated' });
  });

  it('answers an unknown procedure with not_found and never leaks a stack', async () => {
    const res = await fetch(`${rpc.url}/jobs.nope`, { headers: { authorization: `Bearer ${alice.key}` } });
    expect(res.status).toBe(404);
    const body = (await res.json()) as { error: { data: Record<string, unknown> } };
    expect(body.error.data).toMatchObject({ code: 'not_found' });
    expect(body.error.data).not.toHaveProperty('stack');
  });
});
