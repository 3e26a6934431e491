import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { corpusDir, corpusPath, corpusRoot, CorpusMissingError } from './corpus.ts';

describe('corpus paths', () => {
  afterEach(() => { vi.unstubAllEnvs(); });

  it('default to ../shared/corpus next to the repository', () => {
    expect(corpusRoot({})).toBe(path.resolve(import.meta.dirname, '../../../shared/corpus'));
  });

  it('honour P2M_CORPUS_DIR, relative to the repository root', () => {
    expect(corpusRoot({ P2M_CORPUS_DIR: '/srv/corpus' })).toBe('/srv/corpus');
    expect(corpusRoot({ P2M_CORPUS_DIR: 'corpus' })).toBe(path.resolve(import.meta.dirname, '../../corpus'));
  });

  it('resolve an existing path and throw, naming it, for a missing one', () => {
    vi.stubEnv('P2M_CORPUS_DIR', import.meta.dirname);
    expect(corpusPath('corpus.ts')).toBe(path.join(import.meta.dirname, 'corpus.ts'));
    expect(fs.existsSync(corpusPath())).toBe(true);
    expect(() => corpusPath('no-such-dir')).toThrow(CorpusMissingError);
    expect(() => corpusPath('no-such-dir')).toThrow(/no-such-dir is missing/);
  });
});

describe('corpus tests without the corpus', () => {
  afterEach(() => { vi.unstubAllEnvs(); });

  it('skip with a message on a developer machine', () => {
    vi.stubEnv('P2M_CORPUS_DIR', import.meta.dirname);
    vi.stubEnv('CI', '');
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    expect(corpusDir('no-such-dir')).toBeUndefined();
    expect(warn.mock.calls[0]?.[0]).toMatch(/Skipping corpus tests: .*no-such-dir is missing.*P2M_CORPUS_DIR/);
    warn.mockRestore();
    expect(corpusDir('corpus.ts')).toBe(path.join(import.meta.dirname, 'corpus.ts'));
  });

  it('fail under CI=true', () => {
    vi.stubEnv('P2M_CORPUS_DIR', import.meta.dirname);
    vi.stubEnv('CI', 'true');
    expect(() => corpusDir('no-such-dir')).toThrow(CorpusMissingError);
  });
});
