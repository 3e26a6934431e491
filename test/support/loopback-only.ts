/**
 * A fail-closed net guard for tests of outbound fetching: while installed,
 * any TCP connection to an address outside the loopback range fails before a
 * packet is sent — literal addresses at connect(), names once they resolve
 * (through the caller's own lookup, if it passes one). If the egress client's
 * own address check ever regresses, its tests fail here instead of reaching
 * private or metadata addresses.
 */
import dns from 'node:dns';
import net from 'node:net';
import { afterAll, beforeAll } from 'vitest';

const LOOPBACK = /^(127\.\d+\.\d+\.\d+|::1|::ffff:127\.\d+\.\d+\.\d+)$/i;

type Connect = typeof net.Socket.prototype.connect;
type LookupFn = NonNullable<net.TcpSocketConnectOpts['lookup']>;
type LookupResult = string | dns.LookupAddress[];

export class ForbiddenTestConnection extends Error {}

const refuse = (address: string) => new ForbiddenTestConnection(`test tried to connect to ${address}: only loopback is allowed`);

/** The same lookup, failing when it yields any non-loopback address. */
function checkedLookup(inner: LookupFn): LookupFn {
  return ((hostname: string, options: dns.LookupOptions, callback: (...a: unknown[]) => void) => {
    inner(hostname, options, (err: Error | null, address: LookupResult, family?: number) => {
      if (err) return callback(err, address, family);
      const all = Array.isArray(address) ? address.map((a) => a.address) : [address];
      const bad = all.find((a) => !LOOPBACK.test(a));
      return bad ? callback(refuse(bad)) : callback(null, address, family);
    });
  }) as LookupFn;
}

/** Installs the guard; returns a function that removes it. */
export function allowLoopbackOnly(): () => void {
  const original: Connect = net.Socket.prototype.connect;
  const guarded = function (this: net.Socket, ...args: unknown[]) {
    const first = args[0];
    if (typeof first === 'object' && first !== null && !Array.isArray(first)) {
      const opts = first as net.TcpSocketConnectOpts & { path?: string };
      if (opts.path === undefined) {
        const host = opts.host ?? 'localhost';
        if (net.isIP(host)) {
          if (!LOOPBACK.test(host)) throw refuse(host);
        } else {
          args[0] = { ...opts, lookup: checkedLookup(opts.lookup ?? (dns.lookup as unknown as LookupFn)) };
        }
      }
    } else if (typeof first === 'number' && typeof args[1] === 'string' && net.isIP(args[1]) && !LOOPBACK.test(args[1])) {
      throw refuse(args[1]);
    }
    return (original as (...a: unknown[]) => net.Socket).apply(this, args);
  };
  net.Socket.prototype.connect = guarded as unknown as Connect;
  return () => {
    net.Socket.prototype.connect = original;
  };
}

/** Keeps the guard on for the whole calling test file. */
export function loopbackOnlyInThisFile(): void {
  let remove: (() => void) | undefined;
  beforeAll(() => {
    remove = allowLoopbackOnly();
  });
  afterAll(() => remove?.());
}
