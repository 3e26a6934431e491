/**
 * The security matrix of every v2 route: no key → 401 with a Bearer
 * challenge, a revoked key → 401, a key without the route's scope → 403
 * insufficient_scope, another owner's job → 404.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { Scope } from '../../../core/scopes.ts';
import { makePdf } from '../../support/pdf.ts';
import { fileEnv } from '../../support/test-env.ts';
import { createJob, errorCode, revokeKey, startApi, type Api, warmUp } from './api-client.ts';

beforeAll(warmUp);

type Route = { name: string; scope: Scope | null; ownsJob: boolean; send(api: Api, key: string | undefined, jobId: string): Promise<Response> };

const ROUTES: Route[] = [
  {
    name: 'POST /api/v2/jobs',
    scope: 'jobs:create',
    ownsJob: false,
    send: (api, key) => api.call('POST', '/api/v2/jobs', { ...(key ? { key } : {}), json: { url: 'https://example.org/a.pdf' } }),
  },
  { name: 'GET /api/v2/jobs', scope: 'jobs:read', ownsJob: false, send: (api, key) => api.call('GET', '/api/v2/jobs', key ? { key } : {}) },
  { name: 'GET /api/v2/jobs/:id', scope: 'jobs:read', ownsJob: true, send: (api, key, id) => api.call('GET', `/api/v2/jobs/${id}`, key ? { key } : {}) },
  { name: 'DELETE /api/v2/jobs/:id', scope: 'jobs:delete', ownsJob: true, send: (api, key, id) => api.call('DELETE', `/api/v2/jobs/${id}`, key ? { key } : {}) },
  {
    name: 'GET /api/v2/jobs/:id/download',
    scope: 'jobs:download',
    ownsJob: true,
    send: (api, key, id) => api.call('GET', `/api/v2/jobs/${id}/download`, key ? { key } : {}),
  },
  { name: 'GET /api/v2/limits', scope: null, ownsJob: false, send: (api, key) => api.call('GET', '/api/v2/limits', key ? { key } : {}) },
];

const ALL: Scope[] = ['jobs:create', 'jobs:read', 'jobs:download', 'jobs:delete'];

describe('v2 security matrix', () => {
  it.each(ROUTES)('$name', async (route) => {
    await using env = await fileEnv();
    await using api = await startApi(env);
    const owner = await env.user();
    const { job_id } = await createJob(api, owner.key);

    const anonymous = await route.send(api, undefined, job_id);
    expect([anonymous.status, await errorCode(anonymous)]).toEqual([401, 'unauthenticated']);
    expect(anonymous.headers.get('www-authenticate')).toBe('Bearer realm="p2m"');

    const malformed = await route.send(api, 'p2m_not-a-key', job_id);
    expect(malformed.status).toBe(401);
    expect(malformed.headers.get('www-authenticate')).toContain('error="invalid_token"');

    const revoked = await env.user();
    await revokeKey(env, revoked.key);
    const withRevoked = await route.send(api, revoked.key, job_id);
    expect([withRevoked.status, await errorCode(withRevoked)]).toEqual([401, 'unauthenticated']);

    if (route.scope) {
      const narrow = await env.user({ scopes: ALL.filter((s) => s !== route.scope) });
      const res = await route.send(api, narrow.key, job_id);
      expect([res.status, await errorCode(res)]).toEqual([403, 'insufficient_scope']);
    }
    if (route.ownsJob) {
      const other = await env.user();
      const res = await route.send(api, other.key, job_id);
      expect([res.status, await errorCode(res)]).toEqual([404, 'not_found']);
    }
  });

  it('another owner cannot see a job in lists, nor a job id that is not a UUID', async () => {
    await using env = await fileEnv();
    await using api = await startApi(env);
    const alice = await env.user();
    const bob = await env.user();
    await api.upload(alice.key, await makePdf());
    const list = await api.call('GET', '/api/v2/jobs', { key: bob.key });
    expect(((await list.json()) as { items: unknown[] }).items).toEqual([]);
    const bad = await api.call('GET', '/api/v2/jobs/not-a-uuid', { key: bob.key });
    expect([bad.status, await errorCode(bad)]).toEqual([400, 'bad_input']);
  });
});
