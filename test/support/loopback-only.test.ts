import net from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { allowLoopbackOnly, ForbiddenTestConnection } from './loopback-only.ts';

describe('allowLoopbackOnly', () => {
  let remove: (() => void) | undefined;
  afterEach(() => remove?.());

  it('refuses a non-loopback connection before any packet is sent', () => {
    remove = allowLoopbackOnly();
    for (const host of ['10.0.0.1', '169.254.169.254', 'fd00:ec2::254', '0.0.0.0']) {
      const socket = new net.Socket();
      expect(() => socket.connect({ host, port: 80 })).toThrow(ForbiddenTestConnection);
      socket.destroy();
    }
  });

  it('refuses a name that resolves outside loopback, through the caller\'s own lookup', async () => {
    remove = allowLoopbackOnly();
    const socket = new net.Socket();
    const failed = new Promise<Error>((resolve) => socket.once('error', resolve));
    socket.connect({
      host: 'metadata.test',
      port: 80,
      lookup: (_h, _o, cb) => (cb as (e: null, a: string, f: number) => void)(null, '169.254.169.254', 4),
    });
    expect(await failed).toBeInstanceOf(ForbiddenTestConnection);
    socket.destroy();
  });

  it('lets loopback through', async () => {
    remove = allowLoopbackOnly();
    const server = net.createServer((s) => s.end());
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const { port } = server.address() as net.AddressInfo;
    const socket = net.connect({ host: '127.0.0.1', port });
    await new Promise<void>((resolve, reject) => socket.once('connect', resolve).once('error', reject));
    socket.destroy();
    server.close();
  });
});
