/**
 * The account manages its devices (issue 18): GET /api/v2/account/devices
 * and DELETE /api/v2/account/devices/{device_id}, with the session of a
 * person who linked the device through the real development provider. An
 * unlink from the account follows the device-side rules (active jobs go back
 * to the device) and revokes the API keys the device created.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { answerLink, linkThroughPage, startLinkStack, type LinkDevice, type LinkStack } from '../../support/link-stack.ts';
import type { FetchBrowser } from '../../support/sign-in-stack.ts';
import { warmUp } from '../rest/api-client.ts';
import { pdfBytes } from '../v1/support/pdf-bytes.ts';

beforeAll(warmUp);

type Listed = { devices: { device_id: string; user_code_hint?: string; registered_at: string; linked_at: string | null; last_seen_at: string | null; active_jobs: number }[] };

const list = async (b: FetchBrowser) => (await (await b.get('/api/v2/account/devices')).json()) as Listed;
const unlink = (b: FetchBrowser, id: string, headers: Record<string, string> = { origin: b.base }) =>
  b.request(`/api/v2/account/devices/${id}`, { method: 'DELETE', headers });
const codeOf = async (res: Response) => ((await res.json()) as { error: { code: string } }).error.code;

async function linkedDeviceWithJob(stack: LinkStack, email: string): Promise<{ b: FetchBrowser; device: LinkDevice; jobId: string }> {
  const device = await stack.newDevice();
  const job = await device.client.createJobFromFile(await pdfBytes(), 'a.pdf');
  const b = stack.browser();
  expect((await linkThroughPage(b, device, email)).status).toBe(200);
  return { b, device, jobId: job.job_id };
}

describe('account devices', () => {
  it('lists the linked devices with the code hint, link and last-seen times and active jobs; only to its session', async () => {
    await using stack = await startLinkStack();
    const { b, device } = await linkedDeviceWithJob(stack, 'lister@example.org');
    const { devices } = await list(b);
    expect(devices).toHaveLength(1);
    const [d] = devices;
    expect(d).toMatchObject({ device_id: device.deviceId, active_jobs: 1 });
    expect(d!.user_code_hint).toMatch(/^[A-Z]{4}$/);
    for (const t of [d!.registered_at, d!.linked_at, d!.last_seen_at]) expect(Date.parse(t!)).not.toBeNaN();

    const stranger = stack.browser();
    await stranger.signIn('stranger@example.org');
    expect(await list(stranger)).toEqual({ devices: [] });
    const anonymous = await fetch(`${stack.base}/api/v2/account/devices`);
    expect([anonymous.status, anonymous.headers.get('www-authenticate')]).toEqual([401, 'Bearer realm="p2m"']);
    // A device cannot list or unlink its siblings: the list is the account holder's.
    const bySignature = await device.client.signedFetch('GET', '/api/v2/account/devices');
    expect(bySignature.status).toBe(401);
  });

  it('unlinks from the account: jobs go back to the device, its API keys are revoked, the list is empty', async () => {
    await using stack = await startLinkStack();
    const { b, device, jobId } = await linkedDeviceWithJob(stack, 'unlinker@example.org');
    const created = await device.client.signedFetch('POST', '/api/v2/api-keys', { json: { name: 'made by the device' } });
    const { secret } = (await created.json()) as { secret: string };
    const byKey = (path: string) => fetch(`${stack.base}${path}`, { headers: { authorization: `Bearer ${secret}` } });
    expect((await byKey('/api/v2/jobs')).status).toBe(200);
    // The API key cannot see or touch the account's devices.
    expect((await byKey('/api/v2/account/devices')).status).toBe(403);

    // CSRF: the cookie alone, from no page of ours, changes nothing.
    expect((await unlink(b, device.deviceId, {})).status).toBe(403);
    expect((await unlink(b, device.deviceId, { origin: 'https://evil.example' })).status).toBe(403);
    const stranger = stack.browser();
    await stranger.signIn('other@example.org');
    const foreign = await unlink(stranger, device.deviceId);
    expect([foreign.status, await codeOf(foreign)]).toEqual([404, 'not_found']);
    expect((await unlink(b, 'not-a-uuid')).status).toBe(404);
    expect(await device.account.getLinkStatus()).toEqual({ linked: true, tier: 'free' });

    const res = await unlink(b, device.deviceId);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ device_id: device.deviceId, linked: false, jobs_returned: 1, api_keys_revoked: 1 });
    expect(await device.account.getLinkStatus()).toEqual({ linked: false, tier: 'anonymous' });
    expect((await byKey('/api/v2/jobs')).status).toBe(401);
    expect(await list(b)).toEqual({ devices: [] });
    expect(await device.client.getJob(jobId)).toMatchObject({ job_id: jobId });
    const again = await unlink(b, device.deviceId);
    expect([again.status, await codeOf(again)]).toEqual([404, 'not_found']);
  });

  it("the device's own unlink also revokes the keys it created, and not the account's other keys", async () => {
    await using stack = await startLinkStack();
    const { b, device } = await linkedDeviceWithJob(stack, 'selfunlink@example.org');
    const made = (await (await device.client.signedFetch('POST', '/api/v2/api-keys', { json: { name: 'device key' } })).json()) as { secret: string };
    const own = (await (await b.request('/api/v2/api-keys', {
      method: 'POST', headers: { origin: b.base, 'content-type': 'application/json' }, body: JSON.stringify({ name: 'person key' }),
    })).json()) as { secret: string };
    expect(await device.account.unlink()).toEqual({ linked: false, tier: 'anonymous' });
    const status = async (secret: string) => (await fetch(`${stack.base}/api/v2/jobs`, { headers: { authorization: `Bearer ${secret}` } })).status;
    expect(await status(made.secret)).toBe(401);
    expect(await status(own.secret)).toBe(200);
  });

  it('a device linked to another account cannot be taken over by a confirmation page', async () => {
    await using stack = await startLinkStack();
    const { device } = await linkedDeviceWithJob(stack, 'first@example.org');
    const { login_url } = await device.account.startLink();
    const second = stack.browser();
    const page = await second.get(await second.authorize('second@example.org', { startPath: login_url }));
    expect(page.status).toBe(403);
    // No session was started, so there is nothing to answer with.
    expect(await answerLink(second, { token: 'lcf_x', decision: 'link' }).then((r) => r.status)).toBe(401);
    expect(await device.account.getLinkStatus()).toEqual({ linked: true, tier: 'free' });
  });
});
