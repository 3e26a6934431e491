/**
 * Issue 18, the device side: an Idempotency-Key is one namespace for a
 * linked device and its account, so a key the account's API key already used
 * must not hand the device a job it then gets 404 for; and every 401 of a
 * device-signed request names the scheme to use (WWW-Authenticate).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { warmUp } from '../rest/api-client.ts';
import { pdfBytes } from '../v1/support/pdf-bytes.ts';
import { startAccounts } from './support/accounts-server.ts';

beforeAll(warmUp);

describe('a linked device and its account', () => {
  it('share the Idempotency-Key namespace: the device is refused a key its account used, never handed a job it cannot read', async () => {
    await using s = await startAccounts();
    const device = await s.newDevice();
    const alice = await s.user('pro');
    await s.link(device, alice.accountId);
    // The same bytes and name: the very request, so only the caller differs.
    const bytes = await pdfBytes();
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(bytes)], { type: 'application/pdf' }), 'a.pdf');
    const byKey = await fetch(`${s.baseUrl}/api/v2/jobs`, {
      method: 'POST', headers: { authorization: `Bearer ${alice.key}`, 'idempotency-key': 'shared-1' }, body: form,
    });
    expect(byKey.status).toBe(201);
    await expect(device.client.createJobFromFile(bytes, 'a.pdf', { idempotencyKey: 'shared-1' })).rejects.toMatchObject({
      status: 422,
      code: 'idempotency_mismatch',
    });
    // The device's own key still replays its own job, which it can read.
    const mine = await device.client.createJobFromFile(bytes, 'b.pdf', { idempotencyKey: 'own-1' });
    const again = await device.client.createJobFromFile(bytes, 'b.pdf', { idempotencyKey: 'own-1' });
    expect(again.job_id).toBe(mine.job_id);
    expect(await device.client.getJob(again.job_id)).toMatchObject({ job_id: mine.job_id });
  });

  it('device 401s carry WWW-Authenticate: Device realm="p2m", on v1 and v2 routes', async () => {
    await using s = await startAccounts();
    const bad = { authorization: 'Device not-a-token' };
    for (const [method, path] of [['GET', '/jobs'], ['GET', '/api/v2/account'], ['POST', '/api/v2/account/link/start'], ['POST', '/api/v2/jobs/upload-ticket']]) {
      const res = await fetch(`${s.baseUrl}${path}`, { method, headers: bad });
      expect([res.status, res.headers.get('www-authenticate')], `${method} ${path}`).toEqual([401, 'Device realm="p2m"']);
    }
    // A valid device without the session that attach needs is 401 with the same challenge.
    const device = await s.newDevice();
    const attach = await device.client.signedFetch('POST', '/api/v2/account/link/attach');
    expect([attach.status, attach.headers.get('www-authenticate')]).toEqual([401, 'Device realm="p2m"']);
  });
});
