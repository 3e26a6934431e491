import { describe, expect, it } from 'vitest';
import { ArgsError, CORPUS_NAMES, TOOL_NAMES, parseBenchArgs } from '../../bench/args.ts';

describe('parseBenchArgs', () => {
  it('defaults to every tool, the default corpus and no limit', () => {
    expect(parseBenchArgs([], '/corpus')).toEqual({
      corpusDir: '/corpus', corpora: CORPUS_NAMES, only: TOOL_NAMES, limit: undefined, timeoutSec: 180, memoryCheck: 'run',
    });
  });

  it('reads the corpus, --only, --limit and --timeout in either spelling', () => {
    const a = parseBenchArgs(['/c', '--only', 'p2m,pdftotext', '--limit=5', '--timeout', '30', '--no-memory-check'], '/d');
    expect(a).toEqual({ corpusDir: '/c', corpora: CORPUS_NAMES, only: ['p2m', 'pdftotext'], limit: 5, timeoutSec: 30, memoryCheck: 'skip' });
  });

  it('chooses corpora with --corpus, in the order given, each once', () => {
    expect(parseBenchArgs(['--corpus', 'realworld'], '/d').corpora).toEqual(['realworld']);
    expect(parseBenchArgs(['--corpus=realworld,dev,realworld'], '/d').corpora).toEqual(['realworld', 'dev']);
    expect(() => parseBenchArgs(['--corpus', 'hostile'], '/d')).toThrow(/unknown corpus "hostile"/);
    expect(() => parseBenchArgs(['--corpus'], '/d')).toThrow(/--corpus needs/);
  });

  it('rejects unknown tools, bad numbers, unknown flags and extra positionals', () => {
    expect(() => parseBenchArgs(['--only', 'marker'], '/d')).toThrow(ArgsError);
    expect(() => parseBenchArgs(['--limit', '0'], '/d')).toThrow(/positive integer/);
    expect(() => parseBenchArgs(['--limit'], '/d')).toThrow(ArgsError);
    expect(() => parseBenchArgs(['--fast'], '/d')).toThrow(/unknown option/);
    expect(() => parseBenchArgs(['/a', '/b'], '/d')).toThrow(/unexpected argument/);
  });
});
