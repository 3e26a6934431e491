import { buffer } from 'node:stream/consumers';
import { describe, expect, it } from 'vitest';
import { createEgressClient, type EgressClientOptions } from './egress-client.ts';
import { EgressError } from './egress-error.ts';
import { useEgressTestOrigin } from '../../test/support/egress-test-origin.ts';

const testOrigin = useEgressTestOrigin();

const client = (extra: Partial<EgressClientOptions>) =>
  createEgressClient({
    maxBytes: 1024 * 1024,
    timeoutMs: 5_000,
    maxRedirects: 3,
    allowLoopback: true,
    ...extra,
  });

const codeOf = (p: Promise<unknown>): Promise<unknown> =>
  p.then(
    () => 'resolved',
    (e: unknown) => (e instanceof EgressError ? e.code : e),
  );

describe('byte cap', () => {
  it('aborts an endless body at maxBytes without delivering more than the cap', async () => {
    const maxBytes = 300 * 1024;
    const got = await client({ maxBytes }).fetchToStream(`${testOrigin().base}/endless`);
    let delivered = 0;
    got.stream.on('data', (chunk: Buffer) => (delivered += chunk.length));
    expect(await codeOf(buffer(got.stream))).toBe('too_large');
    expect(delivered).toBeLessThanOrEqual(maxBytes);
    expect(delivered).toBeGreaterThan(0);
  });

  it('refuses a declared Content-Length over the cap before returning a stream', async () => {
    expect(await codeOf(client({ maxBytes: 1024 }).fetchToStream(`${testOrigin().base}/declared-huge`))).toBe(
      'too_large',
    );
  });

  it('accepts a body of exactly maxBytes', async () => {
    const exact = await client({ maxBytes: 1024 * 1024 }).fetchToStream(`${testOrigin().base}/doc.pdf`);
    const size = (await buffer(exact.stream)).length;
    const got = await client({ maxBytes: size }).fetchToStream(`${testOrigin().base}/doc.pdf`);
    expect((await buffer(got.stream)).length).toBe(size);
  });
});

describe('time caps', () => {
  it('times out a server that never sends headers (total cap)', async () => {
    const started = performance.now();
    expect(await codeOf(client({ timeoutMs: 200 }).fetchToStream(`${testOrigin().base}/hang`))).toBe('timeout');
    expect(performance.now() - started).toBeLessThan(2_000);
  });

  it('times out on the headers cap even when the total cap is long', async () => {
    const err = await client({ timeoutMs: 30_000, headersTimeoutMs: 150 })
      .fetchToStream(`${testOrigin().base}/hang`)
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(EgressError);
    expect(err).toMatchObject({ code: 'timeout', message: expect.stringMatching(/did not answer/) });
  });

  it('times out a body that stalls after the headers', async () => {
    const got = await client({ timeoutMs: 300 }).fetchToStream(`${testOrigin().base}/stall-mid-body`);
    expect(await codeOf(buffer(got.stream))).toBe('timeout');
  });

  it('a resolver that never answers times out at the total cap', async () => {
    const c = client({ timeoutMs: 150, lookup: () => new Promise(() => {}) });
    expect(await codeOf(c.fetchToStream('http://slow-dns.test/'))).toBe('timeout');
  });
});

describe('options', () => {
  it.each([{ maxBytes: 0 }, { timeoutMs: -1 }, { maxRedirects: 1.5 }])('rejects %j at creation', (bad) => {
    expect(() => client(bad)).toThrow(RangeError);
  });
});
