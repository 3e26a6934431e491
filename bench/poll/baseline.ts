/** Starts baseline-server.ts as its own process, serving `body`. */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import { stopChild } from './service.ts';

const SCRIPT = fileURLToPath(new URL('./baseline-server.ts', import.meta.url));

export type Baseline = { pid: number; url: string; stop(): Promise<void> };

export async function startBaseline(body: string, jobPath: string): Promise<Baseline> {
  const child = spawn(process.execPath, [SCRIPT, body], { stdio: ['ignore', 'pipe', 'inherit'] });
  const [chunk] = (await once(child.stdout!, 'data')) as [Buffer];
  const port = Number(chunk.toString().trim());
  if (!port) throw new Error(`the baseline server printed ${chunk.toString()}`);
  return { pid: child.pid!, url: `http://127.0.0.1:${port}${jobPath}`, stop: () => stopChild(child) };
}
