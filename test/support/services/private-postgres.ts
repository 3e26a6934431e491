/**
 * A throw-away PostgreSQL cluster for one test run, made from the installed
 * binaries: initdb into a temporary directory, started by pg_ctl on a free
 * loopback port, stopped and deleted at the end. PostgreSQL refuses to run as
 * root, so as root the cluster belongs to an unprivileged user.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from './probe.ts';

export const POSTGRES_PACKAGES = 'postgresql';

/** The directory holding initdb and pg_ctl, or null when PostgreSQL is not installed. */
export function postgresBinDir(env: NodeJS.ProcessEnv = process.env): string | null {
  const fromEnv = env.P2M_TEST_PG_BINDIR;
  if (fromEnv) return existsSync(join(fromEnv, 'initdb')) ? fromEnv : null;
  // Debian keeps each major version's server binaries under /usr/lib/postgresql/<major>/bin.
  const root = '/usr/lib/postgresql';
  const majors = existsSync(root) ? readdirSync(root).filter((v) => /^\d+$/.test(v)).sort((a, b) => Number(b) - Number(a)) : [];
  for (const major of majors) if (existsSync(join(root, major, 'bin', 'initdb'))) return join(root, major, 'bin');
  const which = spawnSync('sh', ['-c', 'command -v initdb'], { encoding: 'utf8' });
  const path = which.stdout.trim();
  return which.status === 0 && path ? path.replace(/\/initdb$/, '') : null;
}

/** The unprivileged account that owns the cluster when the tests run as root. */
function clusterOwner(): { uid: number; gid: number; name: string } | null {
  if (process.getuid?.() !== 0) return null;
  for (const name of ['postgres', 'nobody']) {
    const id = spawnSync('id', ['-u', name], { encoding: 'utf8' });
    const gid = spawnSync('id', ['-g', name], { encoding: 'utf8' });
    if (id.status === 0 && gid.status === 0) return { uid: Number(id.stdout), gid: Number(gid.stdout), name };
  }
  throw new Error('running as root, and neither a "postgres" nor a "nobody" user exists to own a private PostgreSQL');
}

export type PrivatePostgres = { adminUrl: string; stop(): void };

/** Starts a private cluster; `stop()` shuts it down and deletes its files. */
export async function startPrivatePostgres(binDir: string): Promise<PrivatePostgres> {
  const dir = mkdtempSync(join(tmpdir(), 'p2m-test-pg-'));
  const owner = clusterOwner();
  if (owner) chownSync(dir, owner.uid, owner.gid);
  const run = (cmd: string, args: string[]) => {
    const [file, argv] = owner ? ['runuser', ['-u', owner.name, '--', join(binDir, cmd), ...args]] : [join(binDir, cmd), args];
    execFileSync(file, argv, { stdio: ['ignore', 'ignore', 'pipe'] });
  };
  const data = join(dir, 'data');
  const port = await freePort();
  run('initdb', ['-D', data, '-U', 'postgres', '-A', 'trust', '-E', 'UTF8', '--locale=C', '--no-sync']);
  // Durability is worthless for a cluster deleted at the end of the run; the settings make it fast.
  const opts = [`-p ${port}`, '-c listen_addresses=127.0.0.1', `-k ${dir}`, '-c fsync=off', '-c synchronous_commit=off',
    '-c full_page_writes=off', '-c max_connections=300'].join(' ');
  run('pg_ctl', ['-D', data, '-o', opts, '-l', join(dir, 'server.log'), '-w', '-t', '60', 'start']);
  let stopped = false;
  return {
    adminUrl: `postgres://postgres@127.0.0.1:${port}/postgres`,
    stop() {
      if (stopped) return;
      stopped = true;
      try {
        run('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}
