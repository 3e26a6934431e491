import { chmod, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runBatch, shardByPages, type Job } from '../../bench/batch-runner.ts';
import { parseProgressLine } from '../../bench/progress-line.ts';

const job = (id: string, pages = 1): Job => ({ id, pdf: `/in/${id}.pdf`, pages });

describe('shardByPages', () => {
  it('balances page counts over the workers', () => {
    const shards = shardByPages([job('a', 10), job('b', 6), job('c', 5), job('d', 1)], 2);
    expect(shards.map((s) => s.map((j) => j.id))).toEqual([['a', 'd'], ['b', 'c']]);
    expect(shardByPages([job('a')], 2)).toHaveLength(1);
  });
});

describe('parseProgressLine', () => {
  it('reads ok and err lines and ignores tool logs', () => {
    expect(parseProgressLine('ok\tdoc1\t0.5')).toEqual({ id: 'doc1', status: 'ok' });
    expect(parseProgressLine('err\tdoc2\tValueError: bad')).toEqual({ id: 'doc2', status: 'failed', reason: 'ValueError: bad' });
    expect(parseProgressLine('INFO: Created out/doc1.md')).toBeUndefined();
  });
});

// A fake tool: writes OUT/<id>.md, except "hang" (sleeps), "crash" (dies) and "bad" (reports an error).
const FAKE = `#!/bin/sh
out=$1; shift
for pdf in "$@"; do
  id=$(basename "$pdf" .pdf)
  case $id in
    hang) sleep 60 ;;
    crash) exit 3 ;;
    bad) printf 'err\\t%s\\tcannot parse\\n' "$id" ;;
    *) echo "# $id" > "$out/$id.md"; printf 'ok\\t%s\\t0.0\\n' "$id" ;;
  esac
done
`;

describe('runBatch', () => {
  let dir = '';
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'bench-batch-'));
    await writeFile(join(dir, 'fake.sh'), FAKE);
    await chmod(join(dir, 'fake.sh'), 0o755);
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('records hangs, crashes and errors per document and converts the rest', async () => {
    const jobs = ['a', 'hang', 'b', 'crash', 'c', 'bad', 'd'].map((id) => job(id));
    const spec = {
      workers: 1,
      timeoutSec: 1,
      command: (js: readonly Job[], out: string) => ({ cmd: join(dir, 'fake.sh'), args: [out, ...js.map((j) => j.pdf)] }),
    };
    const r = await runBatch(spec, jobs, dir);
    expect(r.outcomes.map((o) => [o.id, o.status])).toEqual([
      ['a', 'ok'], ['hang', 'timeout'], ['b', 'ok'], ['crash', 'failed'], ['c', 'ok'], ['bad', 'failed'], ['d', 'ok'],
    ]);
    expect(r.outcomes.find((o) => o.id === 'crash')?.reason).toMatch(/exited 3/);
    expect(await readFile(join(dir, 'd.md'), 'utf8')).toBe('# d\n');
    expect(r.peakRssKb).toBeGreaterThan(0);
    expect(r.wallSec).toBeGreaterThanOrEqual(1);
  });
});
