import { readFile } from 'node:fs/promises';

/** Scenario → reason, from expected-failures.txt ("<scenario>: <reason>" lines, # comments). */
export async function readExpectedFailures(path: string): Promise<Map<string, string>> {
  const expected = new Map<string, string>();
  for (const [i, raw] of (await readFile(path, 'utf8')).split('\n').entries()) {
    const line = raw.trim();
    if (!line || line.startsWith('#')) continue;
    const m = /^([a-z0-9/_-]+):\s*(\S.*)$/i.exec(line);
    if (!m) throw new Error(`${path}:${i + 1}: expected "<scenario>: <reason>"`);
    expected.set(m[1]!, m[2]!);
  }
  return expected;
}
