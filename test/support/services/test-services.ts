/**
 * PostgreSQL and Redis for the integration tests. The configured servers
 * (P2M_TEST_PG_URL, P2M_TEST_REDIS_URL; by default 127.0.0.1:5432 and :6379)
 * are used when they answer within a second. Otherwise private ones are
 * started from the installed binaries and stopped at the end of the run; when
 * the binaries are missing the run fails at once, naming the packages.
 */
import net from 'node:net';
import pg from 'pg';
import { postgresBinDir, POSTGRES_PACKAGES, startPrivatePostgres } from './private-postgres.ts';
import { redisServerBinary, REDIS_PACKAGES, startPrivateRedis } from './private-redis.ts';

export const DEFAULT_PG_URL = 'postgres://postgres@127.0.0.1:5432/test';
export const DEFAULT_REDIS_URL = 'redis://127.0.0.1:6379';

export type TestServices = { pgAdminUrl: string; redisUrl: string; stop(): void };

/** Does a query run on this server within a second? (null when it does, else why not) */
async function postgresProblem(url: string): Promise<string | null> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 1_000 });
  try {
    await client.connect();
    await client.query('select 1');
    return null;
  } catch (e) {
    return (e as Error).message || (e as { code?: string }).code || 'no answer';
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** Does this Redis answer PING within a second? (null when it does, else why not) */
function redisProblem(url: string): Promise<string | null> {
  const u = new URL(url);
  return new Promise((resolve) => {
    const socket = net.connect({ host: u.hostname, port: Number(u.port || 6379) });
    const done = (problem: string | null) => {
      socket.destroy();
      resolve(problem);
    };
    socket.setTimeout(1_000, () => done('no answer within 1 s'));
    socket.once('error', (e) => done(e.message));
    socket.once('connect', () => socket.write('PING\r\n'));
    socket.once('data', (d) => done(/^\+PONG|^-NOAUTH/.test(d.toString()) ? null : `unexpected reply ${JSON.stringify(d.toString())}`));
  });
}

function missing(what: string, pkgs: string, why: string): Error {
  return new Error(
    `The integration tests need ${what}: none answered at the configured address (${why}), and none is installed to start a private one. ` +
      `Install it (Debian: apt-get install ${pkgs}) or point the tests at a running one.`,
  );
}

/** Finds or starts PostgreSQL and Redis. */
export async function ensureTestServices(env: NodeJS.ProcessEnv = process.env): Promise<TestServices> {
  const pgUrl = env.P2M_TEST_PG_URL ?? DEFAULT_PG_URL;
  const redisUrl = env.P2M_TEST_REDIS_URL ?? DEFAULT_REDIS_URL;
  const [pgWhy, redisWhy] = await Promise.all([postgresProblem(pgUrl), redisProblem(redisUrl)]);
  const pgBin = pgWhy ? postgresBinDir(env) : null;
  const redisBin = redisWhy ? redisServerBinary() : null;
  // Fail before starting anything, naming every missing package at once.
  const absent = [pgWhy && !pgBin ? missing('PostgreSQL', POSTGRES_PACKAGES, pgWhy) : null,
    redisWhy && !redisBin ? missing('Redis', REDIS_PACKAGES, redisWhy) : null].filter((e) => e !== null);
  if (absent.length) throw new Error(absent.map((e) => e.message).join('\n'));
  const stops: Array<() => void> = [];
  const stop = () => stops.splice(0).reverse().forEach((s) => s());
  try {
    let pgAdminUrl = pgUrl;
    if (pgWhy) {
      const priv = await startPrivatePostgres(pgBin!);
      stops.push(priv.stop);
      pgAdminUrl = priv.adminUrl;
      console.info(`PostgreSQL at ${pgUrl} did not answer (${pgWhy}); started a private one at ${pgAdminUrl}.`);
    }
    let redis = redisUrl;
    if (redisWhy) {
      const priv = await startPrivateRedis(redisBin!);
      stops.push(priv.stop);
      redis = priv.url;
      console.info(`Redis at ${redisUrl} did not answer (${redisWhy}); started a private one at ${redis}.`);
    }
    // A run killed before its teardown still stops what it started.
    process.once('exit', stop);
    return { pgAdminUrl, redisUrl: redis, stop };
  } catch (e) {
    stop();
    throw e;
  }
}
