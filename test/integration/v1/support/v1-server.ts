/**
 * The real HTTP app (createApp with the v1 router) over a fresh test
 * environment, listening on 127.0.0.1 at a port that is also its configured
 * public origin, plus device clients and a worker to drain the queue.
 */
import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createDeviceClient, type DeviceClientOptions } from '../../../../client/device-client.ts';
import { createMemoryKeyStore, type KeyStore } from '../../../../client/key-store.ts';
import type { DevicePrincipal } from '../../../../core/devices/authenticate-device.ts';
import { createApp } from '../../../../server/create-app.ts';
import { v1Routes } from '../../../../rest/routes.ts';
import { createWorker } from '../../../../worker/worker.ts';
import { envOn, type DatabaseChoice, type TestEnv } from '../../../support/test-env.ts';

export type V1Server = AsyncDisposable & {
  env: TestEnv;
  baseUrl: string;
  /**
   * The client address this server's clients appear from (X-Forwarded-For,
   * trusted here): random per server, so registration limits counted in a
   * shared Redis never leak between tests or runs.
   */
  clientAddress: string;
  /** A device client with its own in-memory identity (not yet registered). */
  client(opts?: Partial<DeviceClientOptions> & { storage?: KeyStore }): ReturnType<typeof createDeviceClient>;
  /** A registered device client and its principal, as core sees it. */
  device(): Promise<{ client: ReturnType<typeof createDeviceClient>; storage: KeyStore; principal: DevicePrincipal }>;
  /** Converts every runnable job. */
  drain(): Promise<number>;
};

/** A random address in its own /48 of the IPv6 documentation prefix. */
export function randomAddress(): string {
  const g = () => Math.floor(Math.random() * 0x10000).toString(16);
  return `2001:db8:${g()}:${g()}::1`;
}

/** A fetch that sends X-Forwarded-For: address. */
export function fetchFrom(address: string, inner: typeof fetch = fetch): typeof fetch {
  return (input, init) => {
    const headers = new Headers(init?.headers);
    headers.set('x-forwarded-for', address);
    return inner(input, { ...init, headers });
  };
}

async function freePort(): Promise<number> {
  const probe = createServer().listen(0, '127.0.0.1');
  await once(probe, 'listening');
  const { port } = probe.address() as AddressInfo;
  await new Promise((r) => probe.close(r));
  return port;
}

/** The v1 server over the test file's database, or (`'fresh'`) one of its own. */
export async function startV1(env: Record<string, string> = {}, database: DatabaseChoice = 'file'): Promise<V1Server> {
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const testenv = await envOn(database, { P2M_PUBLIC_ORIGINS: baseUrl, P2M_TRUST_PROXY: 'loopback', ...env });
  const clientAddress = randomAddress();
  const app = createApp(testenv.runtime, { v1: v1Routes });
  const server: Server = app.listen(port, '127.0.0.1');
  await once(server, 'listening');
  const worker = createWorker(testenv.runtime, { concurrency: 1, pools: ['free', 'paid'] });
  const client = (opts: Partial<DeviceClientOptions> = {}) =>
    createDeviceClient({ baseUrl, ...opts, fetch: fetchFrom(clientAddress, opts.fetch) });
  return {
    env: testenv,
    baseUrl,
    clientAddress,
    client,
    async device() {
      const storage = createMemoryKeyStore();
      const c = client({ storage });
      const { deviceId } = await c.register();
      const principal: DevicePrincipal = { kind: 'device', deviceId, accountId: null, tier: 'anonymous' };
      return { client: c, storage, principal };
    },
    drain: () => worker.runOnce(),
    async [Symbol.asyncDispose]() {
      server.closeAllConnections();
      await new Promise((r) => server.close(r));
      await testenv[Symbol.asyncDispose]();
    },
  };
}
