/** Child p2m processes for the scale-out test: serve and worker with their own empty data directories. */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const CLI = join(import.meta.dirname, '../../../cli/p2m.ts');

export type Proc = { child: ChildProcess; dataDir: string; exited: Promise<number | null>; startedAt: number };

const live = new Set<ChildProcess>();
// A test that times out never reaches its finally: no child may outlive the test process.
process.once('exit', () => killAll());

/** SIGKILLs every child still running. */
export function killAll(): void {
  for (const c of live) c.kill('SIGKILL');
}

export function startProc(kind: 'serve' | 'worker', env: Record<string, string>): Proc {
  const dataDir = mkdtempSync(join(tmpdir(), `p2m-${kind}-`));
  const child = spawn(process.execPath, [CLI, kind], {
    env: { ...process.env, ...env, P2M_DATA_DIR: dataDir },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  if (process.env.P2M_SCALE_DEBUG) child.stderr!.on('data', (b: Buffer) => process.stderr.write(`[${kind} ${child.pid}] ${b.toString().slice(0, 400)}`));
  else child.stderr!.resume();
  live.add(child);
  const exited = new Promise<number | null>((r) => child.once('exit', (code) => (live.delete(child), r(code))));
  return { child, dataDir, exited, startedAt: Date.now() };
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
