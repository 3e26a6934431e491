import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CHUNK_CHARS, LINGER_MS, lineBatch } from './line-batch.ts';

const run = promisify(execFile);
afterEach(() => void vi.useRealTimers());

describe('lineBatch', () => {
  it('hands lines on together, in order, at most LINGER_MS after the first of them', () => {
    vi.useFakeTimers();
    const writes: string[] = [];
    const out = lineBatch({ write: (c) => writes.push(c) });
    out.write('a\n');
    vi.advanceTimersByTime(LINGER_MS - 1);
    out.write('b\n');
    expect(writes).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(writes).toEqual(['a\nb\n']);
    out.write('c\n');
    vi.advanceTimersByTime(LINGER_MS);
    expect(writes).toEqual(['a\nb\n', 'c\n']);
  });

  it('writes a full chunk at once', () => {
    const writes: string[] = [];
    const out = lineBatch({ write: (c) => writes.push(c) });
    const line = `${'x'.repeat(1023)}\n`;
    for (let i = 0; i < CHUNK_CHARS / line.length; i++) out.write(line);
    expect(writes.join('')).toBe(line.repeat(CHUNK_CHARS / line.length));
  });

  it('loses no line when the process exits in the turn that logged it', async () => {
    const logger = fileURLToPath(new URL('./create-logger.ts', import.meta.url));
    const script = `const { createLogger } = await import(${JSON.stringify(logger)});
      createLogger('info').fatal('last words'); process.exit(3);`;
    const err = await run(process.execPath, ['--input-type=module', '-e', script]).catch((e: { code: number; stdout: string }) => e);
    expect(err).toMatchObject({ code: 3 });
    expect((err as { stdout: string }).stdout).toContain('"msg":"last words"');
  });
});
