/**
 * Child p2m processes for the scale-out test (test/integration/scale) and
 * benchmarks (bench/scale): serve and worker, each with its own empty data
 * directory unless one is shared.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';

const CLI = join(import.meta.dirname, '../../cli/p2m.ts');

export type Proc = {
  child: ChildProcess;
  dataDir: string;
  exited: Promise<number | null>;
  /**
   * Resolves once the process works: a serve listens (with its URL, from the
   * line it prints on stderr), a worker has checked the blob store and runs
   * its claim loop (its `worker started` log record). On a loaded machine a
   * start takes many seconds; a worker killed before that tests nothing.
   */
  ready: Promise<string>;
  /** When `ready` resolved (ms since the epoch), or null before. */
  readyAt: number | null;
};

const live = new Set<ChildProcess>();
/** Job ids of every `job settled` record with outcome `ready`, from every worker started here (its fenced completion won). */
export const completions: string[] = [];
// A test that times out never reaches its finally: no child may outlive the test process.
process.once('exit', () => killAll());

/** SIGKILLs every child still running. */
export function killAll(): void {
  for (const c of live) c.kill('SIGKILL');
}

const debug = (tag: string, line: string) => void (process.env.P2M_SCALE_DEBUG && process.stderr.write(`[${tag}] ${line.slice(0, 400)}\n`));

/**
 * Starts `p2m serve` or `p2m worker` with env (PORT=0 is fine: the URL comes
 * back through `ready`). Its stdout is the JSON log at P2M_LOG_LEVEL (info
 * at least, so a worker's start is seen); lines at warn and above are traced
 * with P2M_SCALE_DEBUG.
 */
export function startProc(kind: 'serve' | 'worker', env: Record<string, string>, opts: { dataDir?: string } = {}): Proc {
  // Its own empty data directory, unless one is shared (the local blob store on one machine: bench/scale).
  const dataDir = opts.dataDir ?? mkdtempSync(join(tmpdir(), `p2m-${kind}-`));
  const child = spawn(process.execPath, [CLI, kind], {
    env: { ...process.env, ...env, P2M_DATA_DIR: dataDir, P2M_LOG_LEVEL: 'info' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  live.add(child);
  const tag = `${kind} ${child.pid}`;
  const proc: Proc = { child, dataDir, exited: Promise.resolve(null), ready: Promise.resolve(''), readyAt: null };
  proc.exited = new Promise((r) => child.once('exit', (code) => (live.delete(child), r(code))));
  proc.ready = new Promise<string>((resolve, reject) => {
    child.once('exit', (code, signal) => reject(new Error(`${tag} exited (${code ?? signal}) before it was ready`)));
    createInterface({ input: child.stderr! }).on('line', (line) => {
      debug(tag, line);
      const url = /p2m is running at (http:\/\/\S+?) /.exec(line)?.[1];
      if (url && kind === 'serve') resolve(url);
    });
    createInterface({ input: child.stdout! }).on('line', (line) => {
      if (line.includes('"msg":"worker started"') && kind === 'worker') resolve('');
      else if (line.includes('"msg":"job settled"') && line.includes('"outcome":"ready"')) completions.push(/"jobId":"([^"]+)"/.exec(line)?.[1] ?? '');
      else if (/"level":[456]\d/.test(line)) debug(tag, line);
    });
  });
  // A process that dies before it is ready (a kill -9 during its start) rejects `ready`; nobody need await it then.
  proc.ready.then(() => (proc.readyAt = Date.now()), () => undefined);
  return proc;
}

/** Polls until `fn` is true, at most `timeoutMs`. */
export async function until(fn: () => Promise<boolean>, timeoutMs: number, what: string): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (Date.now() < end) {
    if (await fn().catch(() => false)) return;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`timed out waiting for ${what}`);
}
