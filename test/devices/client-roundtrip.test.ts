import { describe, expect, it } from 'vitest';
import { DeviceApiError } from '../../client/api-error.ts';
import { createDeviceClient } from '../../client/device-client.ts';
import { createMemoryKeyStore } from '../../client/key-store.ts';
import { startDeviceTestServer } from './device-test-server.ts';

const pdf = Uint8Array.from({ length: 70_000 }, (_, i) => (i * 7919) & 0xff); // every byte value, incl. CR/LF

describe('device client against a server that uses verifyDeviceSignature', () => {
  it('registers once per key pair and never sends the private key', async () => {
    await using server = await startDeviceTestServer({ pollsUntilReady: 0 });
    const storage = createMemoryKeyStore();
    const client = createDeviceClient({ baseUrl: server.baseUrl, storage });
    const first = await client.register();
    expect(await client.register()).toEqual(first);
    expect(server.devices.size).toBe(1);
    const stored = await storage.load();
    expect(stored?.keyPair.privateKey.extractable).toBe(false);
    expect(Object.keys([...server.devices.values()][0]!.jwk).sort()).toEqual(['crv', 'kty', 'x', 'y']);
  });

  it('uploads multipart bytes that verify and parse back to the same file and name', async () => {
    await using server = await startDeviceTestServer({ pollsUntilReady: 0 });
    const client = createDeviceClient({ baseUrl: server.baseUrl });
    await client.register();
    const job = await client.createJobFromFile(pdf, 'Résumé "final"\r\n.pdf', { idempotencyKey: 'idem-1' });
    expect(job).toMatchObject({ job_id: 'job-1', status: 'queued' });
    const [seen] = server.seen;
    expect(seen?.file?.name).toBe('Résumé %22final%22%0D%0A.pdf');
    expect(seen?.file?.bytes).toEqual(pdf);
  });

  it('creates from a URL, lists, polls to ready, downloads and deletes', async () => {
    await using server = await startDeviceTestServer({ pollsUntilReady: 2 });
    const client = createDeviceClient({ baseUrl: server.baseUrl });
    await client.register();
    const job = await client.createJobFromUrl('https://example.org/a.pdf');
    expect(new TextDecoder().decode(server.seen[0]!.body)).toBe('{"url":"https://example.org/a.pdf"}');
    expect(await client.listJobs()).toHaveLength(1);
    expect(await client.waitForJob(job.job_id, { intervalMs: 1, timeoutMs: 10_000 })).toMatchObject({
      status: 'ready',
    });
    expect(server.seen.filter((s) => s.url === '/jobs/job-1')).toHaveLength(3);
    expect(await client.download(job.job_id)).toBe('# Title\n\nBody ✓\n');
    expect(await client.deleteJob(job.job_id)).toEqual({ job_id: 'job-1', status: 'deleted' });
  });

  it('signs the path and query exactly as fetch puts them on the wire', async () => {
    await using server = await startDeviceTestServer({ pollsUntilReady: 0 });
    const client = createDeviceClient({ baseUrl: `${server.baseUrl}/` });
    await client.register();
    const res = await client.signedFetch('GET', '/jobs?q=a b&x=%2F&e=é&y=1#frag');
    expect(res.status).toBe(200);
    expect(server.seen[0]!.url).toBe('/jobs?q=a%20b&x=%2F&e=%C3%A9&y=1');
  });

  it('reads and partially updates settings; reads config unsigned', async () => {
    await using server = await startDeviceTestServer({ pollsUntilReady: 0 });
    const client = createDeviceClient({ baseUrl: server.baseUrl });
    expect((await client.getConfig()).max_slots).toBe(3);
    await client.register();
    expect(await client.getSettings()).toEqual({ ocr: 'auto', images: false });
    expect(await client.updateSettings({ images: true })).toEqual({ ocr: 'auto', images: true });
  });

  it('surfaces error bodies as DeviceApiError with status and code', async () => {
    await using server = await startDeviceTestServer({ pollsUntilReady: 0 });
    const storage = createMemoryKeyStore();
    await createDeviceClient({ baseUrl: server.baseUrl, storage }).register();
    const skewed = createDeviceClient({ baseUrl: server.baseUrl, storage, now: () => Date.now() - 600_000 });
    await expect(skewed.listJobs()).rejects.toMatchObject({ status: 401, code: 'clock_skew' });
    const client = createDeviceClient({ baseUrl: server.baseUrl, storage });
    const err = await client.getJob('missing').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(DeviceApiError);
    expect(err).toMatchObject({ status: 404, code: 'not_found', message: 'no such job' });
  });

  it('refuses to sign before registration', async () => {
    const client = createDeviceClient({ baseUrl: 'http://127.0.0.1:9' });
    await expect(client.listJobs()).rejects.toMatchObject({ status: 0, code: 'not_registered' });
  });

  it('a replayed request is answered 409', async () => {
    await using server = await startDeviceTestServer({ pollsUntilReady: 0 });
    const sent: Request[] = [];
    const recordingFetch: typeof fetch = (input, init) => {
      sent.push(new Request(input, init));
      return fetch(input, init);
    };
    const client = createDeviceClient({ baseUrl: server.baseUrl, fetch: recordingFetch });
    await client.register();
    await client.createJobFromUrl('https://example.org/a.pdf');
    const replay = await fetch(sent.at(-1)!.clone());
    expect(replay.status).toBe(409);
  });

  it('waitForJob gives up with the abort reason', async () => {
    await using server = await startDeviceTestServer({ pollsUntilReady: Number.POSITIVE_INFINITY });
    const client = createDeviceClient({ baseUrl: server.baseUrl });
    await client.register();
    const controller = new AbortController();
    const waiting = client.waitForJob('job-9', { intervalMs: 1, signal: controller.signal });
    controller.abort(new Error('user closed popup'));
    await expect(waiting).rejects.toThrow('user closed popup');
    await expect(client.waitForJob('job-9', { intervalMs: 1, timeoutMs: 20 })).rejects.toMatchObject({
      name: 'TimeoutError',
    });
  });
});
