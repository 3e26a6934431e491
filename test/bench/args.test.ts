import { describe, expect, it } from 'vitest';
import { ArgsError, TOOL_NAMES, parseBenchArgs } from '../../bench/args.ts';

describe('parseBenchArgs', () => {
  it('defaults to every tool, the default corpus and no limit', () => {
    expect(parseBenchArgs([], '/corpus')).toEqual({
      corpusDir: '/corpus', only: TOOL_NAMES, limit: undefined, timeoutSec: 180, memoryCheck: 'run',
    });
  });

  it('reads the corpus, --only, --limit and --timeout in either spelling', () => {
    const a = parseBenchArgs(['/c', '--only', 'p2m,pdftotext', '--limit=5', '--timeout', '30', '--no-memory-check'], '/d');
    expect(a).toEqual({ corpusDir: '/c', only: ['p2m', 'pdftotext'], limit: 5, timeoutSec: 30, memoryCheck: 'skip' });
  });

  it('rejects unknown tools, bad numbers, unknown flags and extra positionals', () => {
    expect(() => parseBenchArgs(['--only', 'marker'], '/d')).toThrow(ArgsError);
    expect(() => parseBenchArgs(['--limit', '0'], '/d')).toThrow(/positive integer/);
    expect(() => parseBenchArgs(['--limit'], '/d')).toThrow(ArgsError);
    expect(() => parseBenchArgs(['--fast'], '/d')).toThrow(/unknown option/);
    expect(() => parseBenchArgs(['/a', '/b'], '/d')).toThrow(/unexpected argument/);
  });
});
