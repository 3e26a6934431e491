import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { freePort, tcpOpen } from './probe.ts';
import { postgresBinDir, startPrivatePostgres } from './private-postgres.ts';
import { redisServerBinary, startPrivateRedis } from './private-redis.ts';
import { ensureTestServices } from './test-services.ts';

describe('test services', () => {
  it('fail at once, naming the Debian package, when nothing answers and the binaries are missing', async () => {
    const [pgPort, redisPort] = [await freePort(), await freePort()];
    const started = Date.now();
    const run = ensureTestServices({
      P2M_TEST_PG_URL: `postgres://postgres@127.0.0.1:${pgPort}/test`,
      P2M_TEST_REDIS_URL: `redis://127.0.0.1:${redisPort}`,
      P2M_TEST_PG_BINDIR: '/nonexistent',
    });
    await expect(run).rejects.toThrow(/need PostgreSQL.*apt-get install postgresql/s);
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  const bin = postgresBinDir();
  it.skipIf(!bin)('start a private PostgreSQL that answers queries, and delete it on stop', async () => {
    const priv = await startPrivatePostgres(bin!);
    const port = Number(new URL(priv.adminUrl).port);
    try {
      const client = new pg.Client({ connectionString: priv.adminUrl });
      await client.connect();
      const { rows } = await client.query<{ v: string }>('select current_user as v');
      await client.end();
      expect(rows[0]?.v).toBe('postgres');
    } finally {
      priv.stop();
    }
    expect(await tcpOpen('127.0.0.1', port, 500)).toBe(false);
  }, 60_000);

  const redis = redisServerBinary();
  it.skipIf(!redis)('start a private Redis that answers, and kill it on stop', async () => {
    const priv = await startPrivateRedis(redis!);
    const port = Number(new URL(priv.url).port);
    expect(await tcpOpen('127.0.0.1', port)).toBe(true);
    priv.stop();
    await expect.poll(() => tcpOpen('127.0.0.1', port, 200)).toBe(false);
  });
});
