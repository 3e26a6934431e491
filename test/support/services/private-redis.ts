/**
 * A throw-away Redis for one test run: redis-server on a free loopback port,
 * nothing persisted, killed at the end.
 */
import { spawn, spawnSync } from 'node:child_process';
import { tcpOpen, freePort, waitFor } from './probe.ts';

export const REDIS_PACKAGES = 'redis-server';

/** The redis-server binary, or null when Redis is not installed. */
export function redisServerBinary(): string | null {
  const found = spawnSync('sh', ['-c', 'command -v redis-server'], { encoding: 'utf8' });
  const path = found.stdout.trim();
  return found.status === 0 && path ? path : null;
}

export type PrivateRedis = { url: string; stop(): void };

/** Starts a private redis-server; `stop()` kills it. */
export async function startPrivateRedis(binary: string): Promise<PrivateRedis> {
  const port = await freePort();
  const child = spawn(binary, ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], {
    stdio: 'ignore',
  });
  let exited = false;
  child.once('exit', () => (exited = true));
  await waitFor(async () => {
    if (exited) throw new Error(`redis-server exited at start (port ${port})`);
    return tcpOpen('127.0.0.1', port, 200);
  }, 10_000, 'the private redis-server');
  return {
    url: `redis://127.0.0.1:${port}`,
    stop() {
      if (!exited) child.kill('SIGKILL');
    },
  };
}
