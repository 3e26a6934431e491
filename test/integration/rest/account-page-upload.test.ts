/**
 * POST /api/v2/account/jobs: the account page's drop zone. A session (with an
 * allowed Origin) creates a job for its account, on its slots, with
 * created_by naming no key or device; API keys, a cookie without an allowed
 * Origin and no credential are refused, and POST /api/v2/jobs stays API-key
 * only (the spec's 403 for a session). A key-made job names its key.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { makePdf } from '../../support/pdf.ts';
import { signIn } from '../../support/sign-in.ts';
import { fileEnv } from '../../support/test-env.ts';
import { createJob, errorCode, startApi, warmUp } from './api-client.ts';

beforeAll(warmUp);

const form = async (fields: [string, string][] = []) => {
  const f = new FormData();
  for (const [k, v] of fields) f.append(k, v);
  f.append('file', new Blob([new Uint8Array(await makePdf())], { type: 'application/pdf' }), 'dropped.pdf');
  return f;
};

describe('POST /api/v2/account/jobs', () => {
  it('creates a job for the session; refuses keys, foreign origins and anonymous callers', async () => {
    await using env = await fileEnv();
    await using api = await startApi(env);
    const person = await signIn(env);
    const h = { cookie: person.cookie, origin: env.config.publicOrigins[0]! };
    const res = await api.call('POST', '/api/v2/account/jobs', { headers: h, body: await form([['external_id', 'x-1']]) });
    expect(res.status).toBe(201);
    const job = (await res.json()) as { job_id: string; file_name: string; owner_type: string; external_id: string; created_by: unknown };
    expect(res.headers.get('location')).toBe(`/api/v2/jobs/${job.job_id}`);
    expect(job).toMatchObject({ file_name: 'dropped.pdf', owner_type: 'api_key', external_id: 'x-1', created_by: { api_key_id: null, device_id: null } });
    const listed = (await (await api.call('GET', '/api/v2/jobs', { headers: h })).json()) as { items: { job_id: string }[]; slot_usage: { used: number } };
    expect(listed.items.map((j) => j.job_id)).toEqual([job.job_id]);
    expect(listed.slot_usage.used).toBe(1);

    expect((await api.call('POST', '/api/v2/account/jobs', { headers: { cookie: person.cookie }, body: await form() })).status).toBe(403);
    expect((await api.call('POST', '/api/v2/account/jobs', { body: await form() })).status).toBe(401);
    const keyed = await env.user();
    expect((await api.call('POST', '/api/v2/account/jobs', { key: keyed.key, body: await form() })).status).toBe(403);
    const viaJobs = await api.call('POST', '/api/v2/jobs', { headers: h, body: await form() });
    expect([viaJobs.status, await errorCode(viaJobs)]).toEqual([403, 'api_key_required']);
    const notPdf = new FormData();
    notPdf.append('file', new Blob(['hello'], { type: 'application/pdf' }), 'x.pdf');
    const refused = await api.call('POST', '/api/v2/account/jobs', { headers: h, body: notPdf });
    expect(refused.status).toBe(400);
  });

  it('a job made with a key names the key in created_by', async () => {
    await using env = await fileEnv();
    await using api = await startApi(env);
    const user = await env.user();
    const made = await createJob(api, user.key);
    const view = (await (await api.call('GET', `/api/v2/jobs/${made.job_id}`, { key: user.key })).json()) as { created_by: unknown };
    expect(view.created_by).toEqual({ api_key_id: user.principal.kind === 'api_key' ? user.principal.keyId : 'x', device_id: null });
  });
});
