import http, { type IncomingMessage } from 'node:http';
import https from 'node:https';
import type { LookupFunction, Socket } from 'node:net';
import { EgressError, isEgressError } from './egress-error.ts';
import { assertAllowedAddress, type AddressPolicy, type ResolvedAddress } from './resolve-target.ts';
import type { Target } from './target-url.ts';

/** Per-hop settings for {@link requestPinned}. */
export type PinnedRequestOptions = {
  connectTimeoutMs: number;
  headersTimeoutMs: number;
  userAgent: string;
  addressPolicy: AddressPolicy;
  /** Aborted when the whole fetch runs out of time; its reason is the error to throw. */
  deadline: AbortSignal;
  /** A POST with this body and these extra headers instead of a GET (webhook deliveries). */
  send?: { headers: Readonly<Record<string, string>>; body: Buffer };
  /** PEM CA certificates replacing the system CAs for TLS (tests' own receivers only). */
  ca?: string;
};

// The socket library calls this instead of DNS, so the connection can only go
// to addresses that were already checked. With autoSelectFamily (the Node 24
// default) it asks for all of them; otherwise for one, optionally of a family.
// The answer is always asynchronous, like real DNS: answered synchronously, a
// connect that fails at once (ENETUNREACH) destroys the TLS socket inside
// https.request(), which then throws on the null handle and leaves the
// socket's 'error' with no listener — one request would end the process.
const pinnedLookup =
  (addresses: readonly ResolvedAddress[]): LookupFunction =>
  (_hostname, options, callback) => {
    if (options.all) {
      const all = addresses.map(({ address, family }) => ({ address, family }));
      process.nextTick(() => callback(null, all));
      return;
    }
    const pick = addresses.find((a) => !options.family || a.family === options.family) ?? addresses[0];
    process.nextTick(() => {
      if (pick === undefined) callback(new Error('no pinned address'), '', 0);
      else callback(null, pick.address, pick.family);
    });
  };

const connectFailed = (cause: unknown): EgressError => {
  const code = (cause as { code?: unknown } | null)?.code;
  const detail = typeof code === 'string' ? code : cause instanceof Error ? cause.message : 'unknown error';
  return new EgressError('connect_failed', `Could not connect to the host (${detail}).`, { cause });
};

/** Maps any error from a socket, request or response to an {@link EgressError}. */
export const toEgressError = (e: unknown): EgressError => (isEgressError(e) ? e : connectFailed(e));

// Arms the connect timeout and re-checks the address the kernel actually
// connected to, in case anything (an env proxy, a future agent) bypassed the pin.
const watchSocket = (
  socket: Socket,
  fail: (e: EgressError) => void,
  o: PinnedRequestOptions,
  host: string,
): void => {
  const timer = setTimeout(
    () =>
      fail(new EgressError('timeout', `Connecting to ${host} took longer than ${o.connectTimeoutMs} ms.`)),
    o.connectTimeoutMs,
  );
  socket.once('close', () => clearTimeout(timer));
  const onConnect = (): void => {
    clearTimeout(timer);
    try {
      assertAllowedAddress(socket.remoteAddress ?? '', host, o.addressPolicy);
    } catch (e) {
      fail(toEgressError(e));
    }
  };
  if (socket.connecting) socket.once('connect', onConnect);
  else onConnect();
};

/**
 * Sends one GET (or, with `send`, one POST) to `target`, connecting only to `addresses`, and resolves with
 * the response once its headers arrive. Does not follow redirects. The caller
 * owns the response (and must consume or destroy it).
 */
export function requestPinned(
  target: Target,
  addresses: readonly ResolvedAddress[],
  o: PinnedRequestOptions,
): Promise<IncomingMessage> {
  return new Promise((resolve, reject) => {
    const transport = target.url.protocol === 'https:' ? https : http;
    // Every error of this request, its socket and its response reaches
    // `reject` (a no-op once settled) or the body stream: none is left unheard.
    const req = transport.request({
      protocol: target.url.protocol,
      hostname: target.hostname,
      port: target.url.port === '' ? undefined : Number(target.url.port),
      path: `${target.url.pathname}${target.url.search}`,
      method: o.send ? 'POST' : 'GET',
      // A private agent per hop: no pooled sockets from other hosts, and no
      // env-configured proxy (NODE_USE_ENV_PROXY applies to the global agent).
      agent: new transport.Agent({ keepAlive: false }),
      lookup: pinnedLookup(addresses),
      headers: {
        ...o.send?.headers,
        'user-agent': o.userAgent,
        accept: '*/*',
        'accept-encoding': 'identity',
        ...(o.send ? { 'content-length': String(o.send.body.length) } : {}),
      },
      ...(o.ca !== undefined ? { ca: o.ca } : {}),
    });
    const fail = (e: EgressError): void => void req.destroy(e);
    const onDeadline = (): void => fail(toEgressError(o.deadline.reason));
    const headersTimer = setTimeout(
      () => fail(new EgressError('timeout', `The host did not answer within ${o.headersTimeoutMs} ms.`)),
      o.headersTimeoutMs,
    );
    const settle = (): void => {
      clearTimeout(headersTimer);
      o.deadline.removeEventListener('abort', onDeadline);
    };
    o.deadline.addEventListener('abort', onDeadline, { once: true });
    req.on('socket', (socket) => watchSocket(socket, fail, o, target.hostname));
    req.on('response', (res) => {
      settle();
      resolve(res);
    });
    req.on('error', (e) => {
      settle();
      reject(toEgressError(e));
    });
    if (o.deadline.aborted) onDeadline();
    req.end(o.send?.body);
  });
}
