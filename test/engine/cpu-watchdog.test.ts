import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { cpuSeconds, watchCpu } from './cpu-watchdog.ts';

const exited = (child: ReturnType<typeof spawn>) => new Promise<string | null>((r) => child.on('exit', (_c, sig) => r(sig)));

describe('the CPU watchdog', () => {
  it('kills a child that spins past its CPU limit', async () => {
    const child = spawn(process.execPath, ['-e', 'for(;;){}']);
    let hung = false;
    watchCpu(child, 1, 60, () => { hung = true; });
    expect(await exited(child)).toBe('SIGKILL');
    expect(hung).toBe(true);
  });

  it('spares a child that waits without using CPU, up to the wall-clock cap', async () => {
    const child = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 3000)']);
    let hung = false;
    const dog = watchCpu(child, 1, 60, () => { hung = true; });
    expect(await exited(child)).toBeNull();
    dog.stop();
    expect(hung).toBe(false);
  });

  it('reads this process\'s CPU time from /proc', () => {
    expect(cpuSeconds(process.pid)).toBeGreaterThan(0);
  });
});
