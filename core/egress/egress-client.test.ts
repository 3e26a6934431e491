import { createServer, type AddressInfo } from 'node:net';
import { buffer } from 'node:stream/consumers';
import { describe, expect, it } from 'vitest';
import { createEgressClient, type EgressClientOptions } from './egress-client.ts';
import { EgressError } from './egress-error.ts';
import type { Resolver } from './resolve-target.ts';
import { closedLoopbackPort, PDF_BYTES } from '../../test/support/test-origin.ts';
import { useEgressTestOrigin } from '../../test/support/egress-test-origin.ts';

const testOrigin = useEgressTestOrigin();

// A resolver from a fixed table that records what it was asked. Names not in
// the table fail like NXDOMAIN; nothing ever reaches real DNS.
const fakeDns = (table: Record<string, string[]>): Resolver & { asked: string[] } => {
  const asked: string[] = [];
  const resolver = async (hostname: string) => {
    asked.push(hostname);
    const addresses = table[hostname];
    if (addresses === undefined)
      throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
    return addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
  };
  return Object.assign(resolver, { asked });
};

const DNS = {
  'pdfs.test': ['127.0.0.1'],
  'internal.test': ['10.0.0.1'],
  'metadata.test': ['169.254.169.254'],
  'mixed.test': ['127.0.0.1', '169.254.169.254'],
  'ula.test': ['fd00:ec2::254'],
  'localhost.test': ['::1', '127.0.0.1'],
};

const loopbackClient = (extra: Partial<EgressClientOptions> = {}) =>
  createEgressClient({
    maxBytes: 1024 * 1024,
    timeoutMs: 5_000,
    maxRedirects: 5,
    allowLoopback: true,
    lookup: fakeDns(DNS),
    ...extra,
  });

const rejectsWith = async (p: Promise<unknown>, code: EgressError['code']): Promise<EgressError> => {
  const err: unknown = await p.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(EgressError);
  expect((err as EgressError).code).toBe(code);
  return err as EgressError;
};

describe('fetching from an allowed origin', () => {
  it('streams a PDF with its content type and length', async () => {
    const got = await loopbackClient().fetchToStream(`${testOrigin().base}/doc.pdf`);
    expect(got).toMatchObject({
      status: 200,
      contentType: 'application/pdf',
      contentLength: PDF_BYTES.length,
    });
    expect(got.finalUrl).toBe(`${testOrigin().base}/doc.pdf`);
    expect(await buffer(got.stream)).toEqual(PDF_BYTES);
  });

  it('connects to the resolved address but keeps the name in Host, and sends no credentials', async () => {
    const got = await loopbackClient({ userAgent: 'p2m-test/1' }).fetchToStream(
      `http://pdfs.test:${testOrigin().port}/echo#frag`,
    );
    const headers = JSON.parse((await buffer(got.stream)).toString()) as Record<string, string>;
    expect(headers).toMatchObject({
      host: `pdfs.test:${testOrigin().port}`,
      'user-agent': 'p2m-test/1',
      'accept-encoding': 'identity',
    });
    expect(headers).not.toHaveProperty('authorization');
    expect(headers).not.toHaveProperty('cookie');
    expect(got.finalUrl).toBe(`http://pdfs.test:${testOrigin().port}/echo`);
  });

  it('follows a redirect chain up to the limit and reports the final URL', async () => {
    const got = await loopbackClient({ maxRedirects: 3 }).fetchToStream(`${testOrigin().base}/redirect/3`);
    expect(got.finalUrl).toBe(`${testOrigin().base}/doc.pdf`);
    expect(await buffer(got.stream)).toEqual(PDF_BYTES);
  });

  it('re-resolves each named hop through the resolver', async () => {
    const dns = fakeDns(DNS);
    const hop = encodeURIComponent(`http://pdfs.test:${testOrigin().port}/doc.pdf`);
    const got = await loopbackClient({ lookup: dns }).fetchToStream(
      `http://localhost.test:${testOrigin().port}/to?location=${hop}`,
    );
    expect(await buffer(got.stream)).toEqual(PDF_BYTES);
    expect(dns.asked).toEqual(['localhost.test', 'pdfs.test']);
  });
});

describe('redirect limits and hops', () => {
  it('refuses one redirect more than maxRedirects', async () => {
    const before = testOrigin().connections();
    await rejectsWith(
      loopbackClient({ maxRedirects: 2 }).fetchToStream(`${testOrigin().base}/redirect/3`),
      'too_many_redirects',
    );
    expect(testOrigin().connections() - before).toBe(3);
  });

  it('refuses an endless redirect loop', async () => {
    await rejectsWith(
      loopbackClient({ maxRedirects: 4 }).fetchToStream(`${testOrigin().base}/loop`),
      'too_many_redirects',
    );
  });

  it('with maxRedirects 0 refuses any redirect', async () => {
    await rejectsWith(
      loopbackClient({ maxRedirects: 0 }).fetchToStream(`${testOrigin().base}/redirect/1`),
      'too_many_redirects',
    );
  });

  it.each([
    ['a name resolving to a private address', 'http://internal.test/x'],
    ['a name resolving to the metadata address', 'http://metadata.test/latest/meta-data/'],
    ['a name with one loopback and one metadata answer', 'http://mixed.test/x'],
    ['a name resolving to the AWS IPv6 metadata address', 'http://ula.test/x'],
    ['the metadata IP literal', 'http://169.254.169.254/latest/meta-data/'],
    ['the metadata IP literal in IPv4-mapped IPv6', 'http://[::ffff:169.254.169.254]/'],
    ['0.0.0.0, which Linux routes to loopback', 'http://0.0.0.0/'],
  ])('refuses a hop to %s before connecting to it', async (_label, target) => {
    const before = testOrigin().connections();
    const url = `${testOrigin().base}/to?location=${encodeURIComponent(target)}`;
    const err = await rejectsWith(loopbackClient().fetchToStream(url), 'forbidden_address');
    expect(err.message).toMatch(/cannot be fetched/);
    // Only the first hop reached the origin; the refused one never connected anywhere.
    expect(testOrigin().connections() - before).toBe(1);
  });

  it.each([
    ['a non-http scheme', 'file:///etc/passwd'],
    ['a URL with credentials', 'http://user:pw@pdfs.test/doc.pdf'],
    ['a malformed URL', 'http://[::1/'],
  ])('refuses a redirect to %s as invalid_url', async (_label, target) => {
    await rejectsWith(
      loopbackClient().fetchToStream(`${testOrigin().base}/to?location=${encodeURIComponent(target)}`),
      'invalid_url',
    );
  });

  it('with https-only refuses an http URL', async () => {
    const client = loopbackClient({ schemes: 'https-only' });
    await rejectsWith(client.fetchToStream(`${testOrigin().base}/doc.pdf`), 'invalid_url');
  });

  it('with allowedHosts refuses a hop to another host', async () => {
    const client = loopbackClient({ allowedHosts: ['pdfs.test'] });
    const ok = await client.fetchToStream(`http://pdfs.test:${testOrigin().port}/doc.pdf`);
    expect(await buffer(ok.stream)).toEqual(PDF_BYTES);
    const hop = encodeURIComponent(`http://localhost.test:${testOrigin().port}/doc.pdf`);
    await rejectsWith(
      client.fetchToStream(`http://pdfs.test:${testOrigin().port}/to?location=${hop}`),
      'forbidden_address',
    );
  });
});

describe('default options', () => {
  const strict = () => {
    const dns = fakeDns({ localhost: ['127.0.0.1'] });
    return {
      dns,
      client: createEgressClient({ maxBytes: 1024, timeoutMs: 2_000, maxRedirects: 3, lookup: dns }),
    };
  };

  it.each([
    '127.0.0.1',
    '2130706433', // decimal
    '0x7f.1', // hex, shorthand
    '0x7f000001', // hex
    '0177.0.0.1', // octal
    '127.1', // shorthand
    '[::1]',
    '[::ffff:127.0.0.1]',
    '[::ffff:7f00:1]',
    '0',
  ])('refuses http://%s:<port>/ without connecting or resolving', async (host) => {
    const { dns, client } = strict();
    const before = testOrigin().connections();
    await rejectsWith(client.fetchToStream(`http://${host}:${testOrigin().port}/doc.pdf`), 'forbidden_address');
    expect(testOrigin().connections()).toBe(before);
    expect(dns.asked).toEqual([]);
  });

  it('refuses a name that resolves to loopback', async () => {
    const { dns, client } = strict();
    const before = testOrigin().connections();
    await rejectsWith(client.fetchToStream(`http://localhost:${testOrigin().port}/doc.pdf`), 'forbidden_address');
    expect(dns.asked).toEqual(['localhost']);
    expect(testOrigin().connections()).toBe(before);
  });
});

describe('URL validation', () => {
  it.each([
    'not a url',
    'ftp://pdfs.test/doc.pdf',
    'javascript:alert(1)',
    'http://user:pw@pdfs.test/doc.pdf',
    'http://:pw@pdfs.test/',
  ])('refuses %j', async (url) => {
    await rejectsWith(loopbackClient().fetchToStream(url), 'invalid_url');
  });
});

describe('failures map to stable codes', () => {
  it('404 is http_status with the status', async () => {
    const err = await rejectsWith(
      loopbackClient().fetchToStream(`${testOrigin().base}/missing.pdf`),
      'http_status',
    );
    expect(err.status).toBe(404);
  });

  it('a 3xx without Location is http_status', async () => {
    const err = await rejectsWith(
      loopbackClient().fetchToStream(`${testOrigin().base}/to?status=300&location=`),
      'http_status',
    );
    expect(err.status).toBe(300);
  });

  it('an unknown name is dns_failure', async () => {
    await rejectsWith(loopbackClient().fetchToStream('http://nowhere.test/doc.pdf'), 'dns_failure');
  });

  it('a name with no addresses is dns_failure', async () => {
    const client = loopbackClient({ lookup: async () => [] });
    await rejectsWith(client.fetchToStream('http://empty.test/doc.pdf'), 'dns_failure');
  });

  it('a closed port is connect_failed', async () => {
    const port = await closedLoopbackPort();
    const err = await rejectsWith(
      loopbackClient().fetchToStream(`http://127.0.0.1:${port}/`),
      'connect_failed',
    );
    expect(err.message).toMatch(/ECONNREFUSED/);
  });

  it('https to a server that does not speak TLS is connect_failed', async () => {
    const err = await rejectsWith(loopbackClient().fetchToStream(`https://127.0.0.1:${testOrigin().port}/doc.pdf`), 'connect_failed');
    expect(err.message).toMatch(/EPROTO|SSL|TLS|wrong version/i);
  });

  it('a TLS handshake that never completes is a timeout', async () => {
    const silent = createServer(() => undefined);
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = silent.address() as AddressInfo;
      await rejectsWith(loopbackClient({ headersTimeoutMs: 200 }).fetchToStream(`https://127.0.0.1:${port}/`), 'timeout');
    } finally {
      silent.close();
    }
  });

  it('a connection cut mid-body errors the stream with connect_failed', async () => {
    const got = await loopbackClient().fetchToStream(`${testOrigin().base}/cut-mid-body`);
    await rejectsWith(buffer(got.stream), 'connect_failed');
  });

  // A caller that gives up on a body before reading it (its own step failed)
  // must not leave an error that nobody listens to: that would end the process.
  it.each(['/stall-mid-body', '/cut-mid-body'])('a body never read (%s) fails quietly', async (path) => {
    const got = await loopbackClient({ timeoutMs: 300 }).fetchToStream(`${testOrigin().base}${path}`);
    // Not events.once(): it listens for 'error' itself.
    await new Promise((resolve) => got.stream.on('close', resolve));
    expect(got.stream.errored).toBeInstanceOf(EgressError);
  });
});
