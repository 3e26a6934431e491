/**
 * The security matrix of the account routes: every route against every kind
 * of credential (none, an API key, a live or ended session, an anonymous,
 * linked, replaced-token or blocked device) with the status the spec's Auth
 * column gives it, plus another account's key (404), the session's CSRF
 * rule and the two-credential attach.
 */
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { endSession } from '../../../core/sessions/end-session.ts';
import { devices } from '../../../db/schema.ts';
import { signIn } from '../../support/sign-in.ts';
import { warmUp } from '../rest/api-client.ts';
import { startAccounts, type AccountsServer, type TestDevice } from './support/accounts-server.ts';

beforeAll(warmUp);

type Cred = 'none' | 'api_key' | 'session' | 'ended_session' | 'anonymous_device' | 'linked_device' | 'replaced_device' | 'blocked_device';
const CREDS: Cred[] = ['none', 'api_key', 'session', 'ended_session', 'anonymous_device', 'linked_device', 'replaced_device', 'blocked_device'];

type Row = { route: string; method: string; path: (otherKeyId: string) => string; json?: unknown; expect: Record<Cred, number> };

// Device-only routes: nothing but a valid signature gets in; a blocked device is 403.
const device = (anonymous: number, linked: number): Record<Cred, number> => ({
  none: 401, api_key: 401, session: 401, ended_session: 401, anonymous_device: anonymous, linked_device: linked, replaced_device: 401, blocked_device: 403,
});
// Session, or a linked device: an API key is the wrong kind of caller (403), an anonymous device is not linked (403).
const sessionOrDevice = (ok: number): Record<Cred, number> => ({
  none: 401, api_key: 403, session: ok, ended_session: 401, anonymous_device: 403, linked_device: ok, replaced_device: 401, blocked_device: 403,
});

const ROWS: Row[] = [
  { route: 'GET /api/v2/account', method: 'GET', path: () => '/api/v2/account', expect: device(200, 200) },
  // Sign-in is not configured in this environment: a verified device hears 503.
  { route: 'POST /api/v2/account/link/start', method: 'POST', path: () => '/api/v2/account/link/start', expect: device(503, 503) },
  // Needs the device AND a session: the device alone is 401.
  { route: 'POST /api/v2/account/link/attach', method: 'POST', path: () => '/api/v2/account/link/attach', expect: device(401, 401) },
  { route: 'POST /api/v2/account/unlink', method: 'POST', path: () => '/api/v2/account/unlink', expect: device(200, 200) },
  { route: 'POST /api/v2/jobs/upload-ticket', method: 'POST', path: () => '/api/v2/jobs/upload-ticket', expect: device(200, 200) },
  { route: 'GET /api/v2/api-keys', method: 'GET', path: () => '/api/v2/api-keys', expect: sessionOrDevice(200) },
  { route: 'POST /api/v2/api-keys', method: 'POST', path: () => '/api/v2/api-keys', json: { name: 'k' }, expect: sessionOrDevice(201) },
  { route: "DELETE /api/v2/api-keys/{another account's key}", method: 'DELETE', path: (id) => `/api/v2/api-keys/${id}`, expect: sessionOrDevice(404) },
  {
    route: 'POST /api/v2/jobs/upload',
    method: 'POST',
    path: () => '/api/v2/jobs/upload',
    // Only an Upload-Ticket gets in (see upload-tickets.test.ts for the ticket's own cases).
    expect: { none: 401, api_key: 401, session: 401, ended_session: 401, anonymous_device: 401, linked_device: 401, replaced_device: 401, blocked_device: 401 },
  },
];

async function devices4(s: AccountsServer, accountId: string) {
  const [anonymous, linked, replaced, blocked] = [await s.newDevice(), await s.newDevice(), await s.newDevice(), await s.newDevice()];
  await s.link(linked, accountId);
  const db = s.env.runtime.db;
  // Re-registering rotates the token: the old one is refused.
  await db.update(devices).set({ tokenHash: sql`md5(random()::text)` }).where(eq(devices.id, replaced.principal.deviceId));
  await db.update(devices).set({ blockedAt: sql`now()` }).where(eq(devices.id, blocked.principal.deviceId));
  return { anonymous, linked, replaced, blocked };
}

describe('account routes security matrix', () => {
  it.each(ROWS)('$route', async (row) => {
    await using s = await startAccounts();
    const person = await signIn(s.env);
    const ended = await signIn(s.env);
    await endSession(s.env.runtime.db, ended.token);
    const other = await s.user();
    const otherKeyId = (await s.env.runtime.db.query.apiKeys.findFirst({ where: (k, { eq: is }) => is(k.accountId, other.accountId) }))!.id;
    const d = await devices4(s, person.accountId);
    const path = row.path(otherKeyId);
    const body = row.json === undefined ? undefined : JSON.stringify(row.json);
    const plain = (headers: Record<string, string>) =>
      fetch(s.baseUrl + path, {
        method: row.method,
        headers: { ...headers, origin: s.baseUrl, ...(body ? { 'content-type': 'application/json' } : {}) },
        ...(body ? { body } : {}),
      });
    const signed = (dev: TestDevice) => dev.client.signedFetch(row.method, path, row.json === undefined ? undefined : { json: row.json });
    const send: Record<Cred, () => Promise<Response>> = {
      none: () => plain({}),
      api_key: () => plain({ authorization: `Bearer ${other.key}` }),
      session: () => plain({ cookie: person.cookie }),
      ended_session: () => plain({ cookie: ended.cookie }),
      anonymous_device: () => signed(d.anonymous),
      linked_device: () => signed(d.linked),
      replaced_device: () => signed(d.replaced),
      blocked_device: () => signed(d.blocked),
    };
    const got: Record<string, number> = {};
    for (const cred of CREDS) {
      const res = await send[cred]();
      await res.body?.cancel();
      got[cred] = res.status;
    }
    expect(got).toEqual(row.expect);
  });

  it('a cookie-authenticated change from a foreign origin, or with no origin at all, is 403 (CSRF)', async () => {
    await using s = await startAccounts();
    const person = await signIn(s.env);
    for (const origin of ['https://evil.example', undefined]) {
      const res = await fetch(`${s.baseUrl}/api/v2/api-keys`, {
        method: 'POST',
        headers: { cookie: person.cookie, 'content-type': 'application/json', ...(origin ? { origin } : {}) },
        body: JSON.stringify({ name: 'k' }),
      });
      expect([res.status, ((await res.json()) as { error: { code: string } }).error.code]).toEqual([403, 'forbidden']);
    }
  });

  it('attach needs both: device and live session → linked (idempotent); an ended session → 401; a device linked elsewhere → 403', async () => {
    await using s = await startAccounts();
    const person = await signIn(s.env, { tier: 'pro' });
    const ended = await signIn(s.env);
    await endSession(s.env.runtime.db, ended.token);
    const dev = await s.newDevice();
    const job = await dev.client.createJobFromFile(new Uint8Array(Buffer.from('%PDF-1.7\n')), 'a.pdf');
    await expect(dev.account.attach({ cookie: ended.cookie })).rejects.toMatchObject({ status: 401 });
    // A planted (here: ended) session cookie before the person's own: the valid one counts.
    expect(await dev.account.attach({ cookie: `${ended.cookie}; ${person.cookie}` })).toEqual({ linked: true, tier: 'pro' });
    expect(await dev.account.attach({ cookie: person.cookie })).toEqual({ linked: true, tier: 'pro' });
    expect(await s.row(job.job_id)).toMatchObject({ ownerType: 'account_device', accountId: person.accountId, tier: 'pro' });
    const stranger = await signIn(s.env);
    await expect(dev.account.attach({ cookie: stranger.cookie })).rejects.toMatchObject({ status: 403, code: 'forbidden' });
    expect(await dev.account.getLinkStatus()).toMatchObject({ linked: true, tier: 'pro' });
  });
});
