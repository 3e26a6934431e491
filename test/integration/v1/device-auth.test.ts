import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { rows } from '../../../db/rows.ts';
import { pdfBytes } from './support/pdf-bytes.ts';
import { startV1 } from './support/v1-server.ts';

/** A fetch that remembers each request it sends, so a test can replay or alter one. */
function recordingFetch(alter?: (body: Uint8Array) => Uint8Array) {
  const sent: Request[] = [];
  const f: typeof fetch = (input, init) => {
    const body = init?.body instanceof Uint8Array && alter ? alter(init.body) : init?.body;
    const req = new Request(input, { ...init, body: (body ?? null) as BodyInit | null });
    sent.push(req.clone());
    return fetch(req);
  };
  return { f, sent };
}

/** Every file in the blob store (temporary ones included). */
const storedFiles = async (dataDir: string) =>
  (await readdir(join(dataDir, 'blobs'), { recursive: true, withFileTypes: true }).catch(() => []))
    .filter((d) => d.isFile())
    .map((d) => d.name);

const jobCount = async (db: Parameters<typeof rows>[0]) =>
  (await rows<{ n: number }>(db, sql`select count(*)::int as n from jobs`))[0]!.n;

describe('signed v1 requests', () => {
  it('a replayed request is 409 replay, even with a valid signature', async () => {
    await using v1 = await startV1();
    const { f, sent } = recordingFetch();
    const { storage } = await v1.device();
    const client = v1.client({ storage, fetch: f });
    await client.listJobs();
    const replay = await fetch(sent.at(-1)!.clone());
    expect(replay.status).toBe(409);
    expect(((await replay.json()) as { error: { code: string } }).error.code).toBe('replay');
  });

  it('a timestamp outside the clock window is 401', async () => {
    await using v1 = await startV1();
    const { storage } = await v1.device();
    // Well past the ±300 s window, so a slow request cannot bring the timestamp back inside it.
    for (const skew of [-400_000, 400_000]) {
      const skewed = v1.client({ storage, now: () => Date.now() + skew });
      await expect(skewed.listJobs()).rejects.toMatchObject({ status: 401, code: 'unauthenticated' });
    }
  });

  it('a tampered JSON body is 401 and creates nothing', async () => {
    await using v1 = await startV1({}, 'fresh');
    const { storage } = await v1.device();
    const swap = (b: Uint8Array) => new TextEncoder().encode(new TextDecoder().decode(b).replace('a.pdf', 'b.pdf'));
    const client = v1.client({ storage, fetch: recordingFetch(swap).f });
    await expect(client.createJobFromUrl('https://example.org/a.pdf')).rejects.toMatchObject({ status: 401 });
    expect(await jobCount(v1.env.runtime.db)).toBe(0);
  });

  it('a tampered streamed upload is 401 after streaming, with no job and no stored input', async () => {
    await using v1 = await startV1({}, 'fresh');
    const { storage } = await v1.device();
    // Flip one byte near the end of the file part: only the final hash can notice.
    const flip = (b: Uint8Array) => {
      const copy = b.slice();
      copy[copy.length - 80]! ^= 1;
      return copy;
    };
    const client = v1.client({ storage, fetch: recordingFetch(flip).f });
    await expect(client.createJobFromFile(await pdfBytes(), 'x.pdf')).rejects.toMatchObject({ status: 401 });
    expect(await jobCount(v1.env.runtime.db)).toBe(0);
    expect(await storedFiles(v1.env.dataDir)).toEqual([]);
    // The honest upload of the same device still works afterwards.
    expect((await v1.client({ storage }).createJobFromFile(await pdfBytes(), 'x.pdf')).status).toBe('queued');
  });

  it('a bad signature, a missing header or an unknown token is 401', async () => {
    await using v1 = await startV1();
    const { storage } = await v1.device();
    const { f, sent } = recordingFetch();
    await v1.client({ storage, fetch: f }).listJobs();
    const base = sent.at(-1)!;
    const variant = (name: string, value: string | null) => {
      const headers = new Headers(base.headers);
      if (value === null) headers.delete(name);
      else headers.set(name, value);
      headers.set('x-p2m-nonce', crypto.randomUUID().replaceAll('-', ''));
      return fetch(base.url, { method: 'GET', headers });
    };
    for (const res of [
      await variant('x-p2m-signature', 'A'.repeat(86)),
      await variant('x-p2m-timestamp', null),
      await variant('authorization', `Device dvt_${'A'.repeat(43)}`),
      await variant('authorization', null),
    ]) {
      expect(res.status).toBe(401);
    }
  });

  it('a blocked device is 403 device_blocked', async () => {
    await using v1 = await startV1();
    const { client, principal } = await v1.device();
    await v1.env.runtime.db.execute(sql`UPDATE devices SET blocked_at = now() WHERE id = ${principal.deviceId}`);
    await expect(client.listJobs()).rejects.toMatchObject({ status: 403, code: 'device_blocked' });
  });

  it('spending the device\'s rate budget is 429 with Retry-After', async () => {
    await using v1 = await startV1({ P2M_TIERS: JSON.stringify({ anonymous: { ratePerMinute: 2 } }) });
    const { client } = await v1.device();
    await client.listJobs();
    await client.listJobs();
    const res = await client.signedFetch('GET', '/jobs');
    expect(res.status).toBe(429);
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
  });
});
