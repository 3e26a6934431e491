/** A child process run to completion, never throwing: install steps report failures as data. */
import { execFile } from 'node:child_process';

export type ExecResult = { code: number; stdout: string; stderr: string };

export function execQuiet(cmd: string, args: readonly string[], timeoutMs = 15 * 60_000): Promise<ExecResult> {
  return new Promise((resolve) => {
    execFile(cmd, args, { timeout: timeoutMs, maxBuffer: 64 * 1024 * 1024 }, (err, stdout, stderr) => {
      const code = err ? (typeof err.code === 'number' ? err.code : 1) : 0;
      const why = err && typeof err.code !== 'number' ? `${err.message}\n` : '';
      resolve({ code, stdout: String(stdout), stderr: why + String(stderr) });
    });
  });
}

/** The last meaningful lines of a failed command, for the results table. */
export function lastLines(text: string, n = 2): string {
  const lines = text.split('\n').map((l) => l.trim()).filter((l) => l && !l.startsWith('WARNING:') && !/npm warn/i.test(l));
  return lines.slice(-n).join(' ').slice(0, 300);
}
