import type { IncomingMessage } from 'node:http';
import type { Readable } from 'node:stream';
import { createByteCap } from './byte-cap.ts';
import { EgressError } from './egress-error.ts';
import { requestPinned, toEgressError } from './pinned-request.ts';
import { resolveTarget, systemResolver, type AddressPolicy, type Resolver } from './resolve-target.ts';
import {
  parseRedirect,
  parseTarget,
  type SchemePolicy,
  type Target,
  type TargetPolicy,
} from './target-url.ts';

/** Settings for {@link createEgressClient}. */
export type EgressClientOptions = {
  /** Largest body accepted; a larger declared length or streamed body fails with `too_large`. */
  maxBytes: number;
  /** Whole-fetch budget: DNS, every redirect hop and reading the body. */
  timeoutMs: number;
  /** Redirects followed before `too_many_redirects`; 0 refuses any redirect. */
  maxRedirects: number;
  /** Per-hop TCP connect budget; defaults to min(timeoutMs, 10 s). */
  connectTimeoutMs?: number;
  /** Per-hop budget from sending the request to the response headers; defaults to min(timeoutMs, 30 s). */
  headersTimeoutMs?: number;
  /** Defaults to 'http-or-https'. */
  schemes?: SchemePolicy;
  /** When set, only these hosts ("pdfs.example.org", or "*.example.org" for subdomains). */
  allowedHosts?: readonly string[];
  /**
   * Tests only: admit loopback (127.0.0.0/8, ::1) so a test can use its own
   * local server. Every other forbidden class stays refused.
   */
  allowLoopback?: boolean;
  /** Replaces the OS resolver; tests use it to point names at chosen addresses. */
  lookup?: Resolver;
  userAgent?: string;
};

/** A successful response whose body has not been read yet. */
export type FetchedBody = {
  /** The body, capped at maxBytes; errors with an {@link EgressError} (too_large, timeout, connect_failed). */
  stream: Readable;
  /** The URL that answered, after redirects. */
  finalUrl: string;
  status: number;
  contentType?: string;
  /** The declared length, already known to be within maxBytes. */
  contentLength?: number;
};

/** The single way p2m fetches anything from the network. */
export type EgressClient = {
  /**
   * Resolves once a 2xx response's headers arrive; the caller must read or
   * destroy `stream`. Rejects with an {@link EgressError}.
   */
  fetchToStream(url: string): Promise<FetchedBody>;
};

const REDIRECT_STATUSES: ReadonlySet<number> = new Set([301, 302, 303, 307, 308]);

type Settings = {
  target: TargetPolicy;
  address: AddressPolicy;
  resolver: Resolver;
  maxBytes: number;
  timeoutMs: number;
  maxRedirects: number;
  connectTimeoutMs: number;
  headersTimeoutMs: number;
  userAgent: string;
};

const assertCount = (name: string, value: number, min: number): void => {
  if (!Number.isSafeInteger(value) || value < min)
    throw new RangeError(`${name} must be an integer >= ${min}`);
};

const toSettings = (o: EgressClientOptions): Settings => {
  assertCount('maxBytes', o.maxBytes, 1);
  assertCount('timeoutMs', o.timeoutMs, 1);
  assertCount('maxRedirects', o.maxRedirects, 0);
  return {
    target: { schemes: o.schemes ?? 'http-or-https', allowedHosts: o.allowedHosts },
    address: { allowLoopback: o.allowLoopback === true },
    resolver: o.lookup ?? systemResolver,
    maxBytes: o.maxBytes,
    timeoutMs: o.timeoutMs,
    maxRedirects: o.maxRedirects,
    connectTimeoutMs: o.connectTimeoutMs ?? Math.min(o.timeoutMs, 10_000),
    headersTimeoutMs: o.headersTimeoutMs ?? Math.min(o.timeoutMs, 30_000),
    userAgent: o.userAgent ?? 'p2m-fetch/1.0',
  };
};

/** A whole-request time budget: its signal aborts with a `timeout` EgressError. */
export type Deadline = { signal: AbortSignal; clear(): void };

/** Starts a {@link Deadline} of timeoutMs. */
export const startDeadline = (timeoutMs: number): Deadline => {
  const controller = new AbortController();
  const timer = setTimeout(
    () => controller.abort(new EgressError('timeout', `Fetching the link took longer than ${timeoutMs} ms.`)),
    timeoutMs,
  );
  return { signal: controller.signal, clear: () => clearTimeout(timer) };
};

/** `work`, abandoned at the deadline: a resolver cannot be cancelled, so a hung lookup is left behind. */
export const beforeDeadline = <T>(work: Promise<T>, signal: AbortSignal): Promise<T> =>
  new Promise<T>((resolve, reject) => {
    const onAbort = (): void => reject(toEgressError(signal.reason));
    if (signal.aborted) onAbort();
    signal.addEventListener('abort', onAbort, { once: true });
    work.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });

// Each hop is parsed, resolved and checked afresh: a redirect is just another
// user-supplied URL, and the address check must never be skipped for it.
async function followRedirects(
  raw: string,
  s: Settings,
  deadline: AbortSignal,
): Promise<[IncomingMessage, Target]> {
  let target = parseTarget(raw, s.target);
  for (let hop = 0; ; hop++) {
    const addresses = await beforeDeadline(resolveTarget(target, s.resolver, s.address), deadline);
    const res = await requestPinned(target, addresses, { ...s, addressPolicy: s.address, deadline });
    const location = REDIRECT_STATUSES.has(res.statusCode ?? 0) ? res.headers.location : undefined;
    if (location === undefined) return [res, target];
    res.destroy();
    if (hop >= s.maxRedirects) {
      throw new EgressError('too_many_redirects', `The link redirected more than ${s.maxRedirects} times.`);
    }
    target = parseRedirect(location, target.url, s.target);
  }
}

const parseLength = (header: string | undefined): number | undefined => {
  if (header === undefined || !/^\d+$/.test(header)) return undefined;
  return Number(header);
};

// Hands the body to the caller through the byte cap; the deadline keeps
// running until the body ends, so a server that stalls mid-body still times out.
function toFetchedBody(res: IncomingMessage, target: Target, s: Settings, deadline: Deadline): FetchedBody {
  const status = res.statusCode ?? 0;
  if (status < 200 || status > 299) {
    throw new EgressError('http_status', `The link answered with HTTP status ${status}.`, { status });
  }
  const contentLength = parseLength(res.headers['content-length']);
  if (contentLength !== undefined && contentLength > s.maxBytes) {
    throw new EgressError('too_large', `The file is ${contentLength} bytes; the limit is ${s.maxBytes}.`);
  }
  const stream = createByteCap(s.maxBytes);
  // A reader (for await, pipeline) still gets the error from the stream's
  // state; this listener only keeps a body that its caller abandoned unread
  // from turning a late timeout or reset into an uncaught 'error'.
  stream.on('error', () => undefined);
  const onDeadline = (): void => void stream.destroy(toEgressError(deadline.signal.reason));
  deadline.signal.addEventListener('abort', onDeadline, { once: true });
  res.on('error', (e) => stream.destroy(toEgressError(e)));
  stream.on('close', () => {
    deadline.clear();
    deadline.signal.removeEventListener('abort', onDeadline);
    res.destroy();
  });
  res.pipe(stream);
  return {
    stream,
    finalUrl: target.url.href,
    status,
    contentType: res.headers['content-type'],
    contentLength,
  };
}

/**
 * Creates the egress client. Every fetch refuses non-public addresses (see
 * ip-ranges.ts), pins the connection to the checked addresses, re-checks each
 * redirect hop, and enforces the byte and time caps.
 */
export function createEgressClient(options: EgressClientOptions): EgressClient {
  const s = toSettings(options);
  return {
    async fetchToStream(url) {
      const deadline = startDeadline(s.timeoutMs);
      let res: IncomingMessage | undefined;
      try {
        const [response, target] = await followRedirects(url, s, deadline.signal);
        res = response;
        return toFetchedBody(response, target, s, deadline);
      } catch (e) {
        deadline.clear();
        res?.destroy();
        throw toEgressError(e);
      }
    },
  };
}
