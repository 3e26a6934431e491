/**
 * API keys managed by a web session or a linked device: create (secret shown
 * once), list (no secrets), revoke (the next request with the key is 401,
 * also where a process caches authenticated keys), limits and refusals.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { signIn } from '../../support/sign-in.ts';
import { warmUp } from '../rest/api-client.ts';
import { startAccounts, type AccountsServer } from './support/accounts-server.ts';

beforeAll(warmUp);

type Reply = { status: number; body: unknown };

/** A fetch with the session cookie; state changes send our Origin, as the account page does. */
function sessionCall(s: AccountsServer, cookie: string) {
  return async (method: string, path: string, json?: unknown): Promise<Reply> => {
    const headers: Record<string, string> = { cookie, origin: s.baseUrl };
    if (json !== undefined) headers['content-type'] = 'application/json';
    const res = await fetch(s.baseUrl + path, { method, headers, ...(json === undefined ? {} : { body: JSON.stringify(json) }) });
    return { status: res.status, body: res.status === 204 ? null : await res.json() };
  };
}

const code = (r: Reply) => (r.body as { error?: { code: string } }).error?.code;

describe('API keys', () => {
  it('a session creates a key (secret once, default scopes), lists it without secrets, revokes it: the key is then 401', async () => {
    await using s = await startAccounts();
    const person = await signIn(s.env);
    const call = sessionCall(s, person.cookie);
    const created = await call('POST', '/api/v2/api-keys', { name: 'laptop' });
    expect(created.status).toBe(201);
    const key = created.body as { id: string; secret: string; start: string; scopes: string[]; expires_at: string | null };
    expect(key.secret).toMatch(/^p2m_[A-Za-z0-9_-]{43}$/);
    expect(key).toMatchObject({ name: 'laptop', start: key.secret.slice(0, 8), scopes: ['jobs:create', 'jobs:read', 'jobs:download', 'jobs:delete'], expires_at: null });

    const list = await call('GET', '/api/v2/api-keys');
    expect(list.status).toBe(200);
    expect(list.body).toMatchObject({ limit: 3, used: 1, items: [{ id: key.id, name: 'laptop', last_used_at: null }] });
    expect(JSON.stringify(list.body)).not.toContain(key.secret);

    const use = () => fetch(`${s.baseUrl}/api/v2/jobs`, { headers: { authorization: `Bearer ${key.secret}` } });
    expect((await use()).status).toBe(200);
    expect((await use()).status).toBe(200);
    expect((await call('DELETE', `/api/v2/api-keys/${key.id}`)).status).toBe(204);
    expect((await use()).status).toBe(401);
    // Revoking again changes nothing and says so the same way.
    expect((await call('DELETE', `/api/v2/api-keys/${key.id}`)).status).toBe(204);
    expect(await call('GET', '/api/v2/api-keys')).toMatchObject({ body: { items: [], used: 0 } });
  });

  it('takes scopes and an expiry; refuses bad input (400) and the key past the plan limit (403 limit_reached)', async () => {
    await using s = await startAccounts();
    const call = sessionCall(s, (await signIn(s.env)).cookie);
    const expiresAt = new Date(Date.now() + 86_400_000).toISOString();
    const narrow = await call('POST', '/api/v2/api-keys', { name: 'reader', scopes: ['jobs:read'], expires_at: expiresAt });
    expect(narrow).toMatchObject({ status: 201, body: { scopes: ['jobs:read'], expires_at: expiresAt } });
    for (const bad of [{}, { name: '' }, { name: 'x', scopes: ['admin'] }, { name: 'x', scopes: [] }, { name: 'x', expires_at: '2001-01-01T00:00:00Z' }, { name: 'a\u0000b' }]) {
      const res = await call('POST', '/api/v2/api-keys', bad);
      expect([res.status, code(res)], JSON.stringify(bad)).toEqual([400, 'bad_input']);
    }
    expect((await call('POST', '/api/v2/api-keys', { name: 'two' })).status).toBe(201);
    expect((await call('POST', '/api/v2/api-keys', { name: 'three' })).status).toBe(201);
    const over = await call('POST', '/api/v2/api-keys', { name: 'four' });
    expect([over.status, code(over)]).toEqual([403, 'limit_reached']);
  });

  it("another account's key is 404 and stays valid; an id that is not a UUID is 404", async () => {
    await using s = await startAccounts();
    const bob = await s.user();
    const call = sessionCall(s, (await signIn(s.env)).cookie);
    const bobsKeyId = (await s.env.runtime.db.query.apiKeys.findFirst())!.id;
    const res = await call('DELETE', `/api/v2/api-keys/${bobsKeyId}`);
    expect([res.status, code(res)]).toEqual([404, 'not_found']);
    expect((await fetch(`${s.baseUrl}/api/v2/jobs`, { headers: { authorization: `Bearer ${bob.key}` } })).status).toBe(200);
    expect(code(await call('DELETE', '/api/v2/api-keys/not-a-uuid'))).toBe('not_found');
  });

  it('a linked device manages its account\'s keys by signature; an anonymous device is 403 not_linked', async () => {
    await using s = await startAccounts();
    const device = await s.newDevice();
    const anon = await device.client.signedFetch('GET', '/api/v2/api-keys');
    expect([anon.status, ((await anon.json()) as { error: { code: string } }).error.code]).toEqual([403, 'not_linked']);
    const refused = await device.client.signedFetch('POST', '/api/v2/api-keys', { json: { name: 'x' } });
    expect(refused.status).toBe(403);
    await refused.body?.cancel();

    const person = await signIn(s.env);
    await s.link(device, person.accountId);
    const created = await device.client.signedFetch('POST', '/api/v2/api-keys', { json: { name: 'from the extension' } });
    expect(created.status).toBe(201);
    const key = (await created.json()) as { id: string; secret: string };
    // The session of the same account sees it, and a revoke by the device takes effect at once.
    const list = await sessionCall(s, person.cookie)('GET', '/api/v2/api-keys');
    expect((list.body as { items: { id: string }[] }).items.map((k) => k.id)).toEqual([key.id]);
    const del = await device.client.signedFetch('DELETE', `/api/v2/api-keys/${key.id}`);
    expect(del.status).toBe(204);
    expect((await fetch(`${s.baseUrl}/api/v2/limits`, { headers: { authorization: `Bearer ${key.secret}` } })).status).toBe(401);
  });
});
