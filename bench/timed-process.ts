/**
 * Starts one worker command under GNU time so its peak RSS is measured by the
 * kernel rather than sampled, and lets the caller kill the worker (not time)
 * so time still writes its report after a timeout.
 */
import { spawn } from 'node:child_process';
import { readFile, rm } from 'node:fs/promises';
import { createInterface } from 'node:readline';
import { parseTimeV, type TimeReport } from './time-v.ts';

export type Command = { cmd: string; args: string[]; env?: Record<string, string>; cwd?: string };

export type TimedProcess = {
  /** Kills the worker's whole process group (it runs under setsid); time survives and reports. */
  killWorker(): Promise<void>;
  /** Resolves when the worker is gone, with its exit code and GNU time's report. */
  done: Promise<{ code: number | null; report: TimeReport | undefined; stderrTail: string }>;
};

const TAIL_LINES = 8;

/** Spawns `time -v -o reportFile setsid cmd args...`; every stdout/stderr line goes to onLine. */
export function startTimed(command: Command, reportFile: string, onLine: (line: string) => void): TimedProcess {
  const child = spawn('/usr/bin/time', ['-v', '-o', reportFile, 'setsid', command.cmd, ...command.args], {
    stdio: ['ignore', 'pipe', 'pipe'],
    cwd: command.cwd,
    env: { ...process.env, ...command.env },
  });
  const tail: string[] = [];
  const keep = (line: string): void => {
    onLine(line);
    tail.push(line);
    if (tail.length > TAIL_LINES) tail.shift();
  };
  createInterface({ input: child.stdout }).on('line', keep);
  createInterface({ input: child.stderr }).on('line', keep);
  const done = new Promise<{ code: number | null; report: TimeReport | undefined; stderrTail: string }>((resolve) => {
    child.on('close', (code) => {
      void readFile(reportFile, 'utf8')
        .then((text) => parseTimeV(text), () => undefined)
        .then(async (report) => {
          await rm(reportFile, { force: true });
          resolve({ code, report, stderrTail: tail.join(' | ').slice(-600) });
        });
    });
  });
  const killWorker = async (): Promise<void> => {
    if (child.pid === undefined) return;
    const children = await readFile(`/proc/${child.pid}/task/${child.pid}/children`, 'utf8').catch(() => '');
    for (const pid of children.split(/\s+/).filter(Boolean).map(Number)) {
      try { process.kill(-pid, 'SIGKILL'); } catch { /* already gone */ }
    }
  };
  return { killWorker, done };
}
