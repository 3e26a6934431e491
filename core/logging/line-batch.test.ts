import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { lineBatch } from './line-batch.ts';

const run = promisify(execFile);
const setImmediateP = () => new Promise((r) => setImmediate(r));

describe('lineBatch', () => {
  it('hands the lines of one event-loop turn on as one write, in order, within that turn', async () => {
    const writes: string[] = [];
    const out = lineBatch({ write: (c) => writes.push(c) });
    out.write('a\n');
    out.write('b\n');
    expect(writes).toEqual([]);
    await setImmediateP();
    expect(writes).toEqual(['a\nb\n']);
    out.write('c\n');
    await setImmediateP();
    expect(writes).toEqual(['a\nb\n', 'c\n']);
  });

  it('writes at once when a turn logs a lot', () => {
    const writes: string[] = [];
    const out = lineBatch({ write: (c) => writes.push(c) });
    const line = `${'x'.repeat(1023)}\n`;
    for (let i = 0; i < 64; i++) out.write(line);
    expect(writes.join('')).toBe(line.repeat(64));
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
