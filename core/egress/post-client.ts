/**
 * Outbound POSTs for webhook deliveries, with the same guard as link
 * fetching: HTTPS only, the host resolved and every address checked
 * (ip-ranges.ts) at each call — DNS may have changed since the endpoint was
 * registered — and the connection pinned to the checked addresses.
 * Redirects are never followed (a 3xx is just the answer), and the whole
 * call, reading the response included, has one time budget and a byte cap.
 */
import type { IncomingHttpHeaders, IncomingMessage } from 'node:http';
import { beforeDeadline, startDeadline } from './egress-client.ts';
import { EgressError } from './egress-error.ts';
import { requestPinned, toEgressError } from './pinned-request.ts';
import { resolveTarget, systemResolver, type Resolver } from './resolve-target.ts';
import { parseTarget, type Target } from './target-url.ts';

/** Settings for {@link createPostClient}. */
export type PostClientOptions = {
  /** Whole-call budget: DNS, connect, TLS, response headers and the body read. */
  timeoutMs: number;
  /** Response body bytes kept; the rest is not read. */
  maxResponseBytes: number;
  /** Tests only: admit loopback (the same switch as link fetching, P2M_ALLOW_PRIVATE_URLS). */
  allowLoopback?: boolean;
  /** Replaces the OS resolver (tests point names at chosen addresses). */
  lookup?: Resolver;
  /** TEST ONLY: PEM CA certificates replacing the system CAs. */
  ca?: string;
  userAgent?: string;
};

/** The receiver's answer: any status, including 3xx, 4xx and 5xx. */
export type PostResult = { status: number; headers: IncomingHttpHeaders; body: Buffer };

/** Sends webhook POSTs. Rejects only with an {@link EgressError} (invalid_url, forbidden_address, dns_failure, connect_failed, timeout). */
export type PostClient = {
  /** Parses, resolves and checks `url` exactly as a delivery would, without connecting. */
  check(url: string): Promise<void>;
  post(url: string, headers: Readonly<Record<string, string>>, body: Buffer): Promise<PostResult>;
};

const readCapped = (res: IncomingMessage, max: number, signal: AbortSignal): Promise<Buffer> =>
  new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const done = (): void => {
      signal.removeEventListener('abort', onAbort);
      res.destroy();
      resolve(Buffer.concat(chunks).subarray(0, max));
    };
    const onAbort = (): void => {
      res.destroy();
      reject(toEgressError(signal.reason));
    };
    signal.addEventListener('abort', onAbort, { once: true });
    res.on('data', (chunk: Buffer) => {
      chunks.push(chunk);
      size += chunk.length;
      // Enough read: the rest is never fetched.
      if (size >= max) done();
    });
    res.on('end', done);
    res.on('error', (e) => {
      signal.removeEventListener('abort', onAbort);
      reject(toEgressError(e));
    });
  });

/** Creates the client; every call re-resolves and re-checks its host. */
export function createPostClient(o: PostClientOptions): PostClient {
  const address = { allowLoopback: o.allowLoopback === true };
  const resolver = o.lookup ?? systemResolver;
  const parse = (url: string): Target => parseTarget(url, { schemes: 'https-only' });
  return {
    async check(url) {
      await resolveTarget(parse(url), resolver, address);
    },
    async post(url, headers, body) {
      const deadline = startDeadline(o.timeoutMs);
      try {
        const target = parse(url);
        const addresses = await beforeDeadline(resolveTarget(target, resolver, address), deadline.signal);
        const res = await requestPinned(target, addresses, {
          connectTimeoutMs: Math.min(o.timeoutMs, 10_000),
          headersTimeoutMs: o.timeoutMs,
          userAgent: o.userAgent ?? 'p2m-webhooks/1.0',
          addressPolicy: address,
          deadline: deadline.signal,
          send: { headers, body },
          ...(o.ca !== undefined ? { ca: o.ca } : {}),
        });
        const kept = await readCapped(res, o.maxResponseBytes, deadline.signal);
        return { status: res.statusCode ?? 0, headers: res.headers, body: kept };
      } catch (e) {
        throw e instanceof EgressError ? e : toEgressError(e);
      } finally {
        deadline.clear();
      }
    },
  };
}
