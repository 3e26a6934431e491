/**
 * The real service under attack: `p2m serve` on loopback in a child process,
 * a fresh data directory, an API key made before it starts, and a sampler of
 * its resident memory (/proc/<pid>/status, the server process alone: the
 * conversions run in their own children).
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const REPO = join(import.meta.dirname, '../..');

export type Service = {
  base: string;
  key: string;
  pid: number;
  /** Largest RSS seen so far, in MB. */
  peakRssMb(): number;
  rssMb(): number;
  /** True when /healthz answers 200 and the process is alive. */
  up(): Promise<boolean>;
  stop(): Promise<void>;
};

async function freePort(): Promise<number> {
  const srv = createServer();
  await new Promise<void>((r) => srv.listen(0, '127.0.0.1', r));
  const port = (srv.address() as { port: number }).port;
  await new Promise<void>((r) => srv.close(() => r()));
  return port;
}

function readRssMb(pid: number): number {
  try {
    const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Number(m[1]) / 1024 : 0;
  } catch {
    return 0;
  }
}

export async function startService(env: Record<string, string>): Promise<Service> {
  const dataDir = mkdtempSync(join(tmpdir(), 'p2m-hostile-'));
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const childEnv = { ...process.env, P2M_DATA_DIR: dataDir, PORT: String(port), P2M_LOG_LEVEL: 'warn', ...env };
  const made = spawnSync(process.execPath, ['cli/p2m.ts', 'keys', 'create', '--email', 'hostile@bench.example'], {
    cwd: REPO,
    env: childEnv,
    encoding: 'utf8',
  });
  const key = made.stdout.trim();
  if (!key.startsWith('p2m_')) throw new Error(`could not create a key: ${made.stderr}`);
  const child: ChildProcess = spawn(process.execPath, ['cli/p2m.ts', 'serve'], { cwd: REPO, env: childEnv, stdio: ['ignore', 'ignore', 'inherit'] });
  let peak = 0;
  const sampler = setInterval(() => (peak = Math.max(peak, readRssMb(child.pid!))), 100);
  const up = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return false;
    try {
      return (await fetch(`${base}/healthz`, { signal: AbortSignal.timeout(5000) })).ok;
    } catch {
      return false;
    }
  };
  for (let i = 0; i < 300 && !(await up()); i++) await new Promise((r) => setTimeout(r, 100));
  if (!(await up())) throw new Error('the service did not start');
  return {
    base,
    key,
    pid: child.pid!,
    peakRssMb: () => Math.max(peak, readRssMb(child.pid!)),
    rssMb: () => readRssMb(child.pid!),
    up,
    async stop() {
      clearInterval(sampler);
      child.kill('SIGTERM');
      await new Promise((r) => (child.exitCode !== null ? r(null) : child.once('exit', r)));
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
