import { defineConfig } from 'vitest/config';

// Four projects. First, side by side: unit tests once, and the integration
// suites twice, on embedded PGlite and on the real PostgreSQL + Redis (each
// test file gets its own database copied from a template migrated once per
// run: the PGlite project's global setup dumps a migrated data directory, the
// PostgreSQL project's finds or starts the servers and migrates a template
// database). Then the corpus sweeps, the slowest files, one test per document
// where they can be.
const exclude = ['node_modules/**', 'data/**', 'bench/**'];

// The integration projects run their files one after another in each worker
// process (isolate: false): the service's modules are imported, and PGlite's
// WebAssembly compiled, once per worker instead of once per file, about 2.5 s
// of CPU less per file. Files share no state through the service (each makes
// its own runtime); test-env.ts's one per-file state, the file's database, is
// closed after each file by file-database-setup.ts.
const integration = { isolate: false, setupFiles: ['test/support/file-database-setup.ts'] };

/** Test files that sweep the shared corpus (skipped without it, except under CI=true). */
export const CORPUS_SWEEPS = [
  'test/engine/hostile.test.ts',
  'test/engine/golden.test.ts',
  'test/engine/realworld-golden.test.ts',
  'test/engine/direct-reader.test.ts',
  'test/bench/fuzz.test.ts',
  'engine/extract/links-parity.test.ts',
];

export default defineConfig({
  test: {
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: 'forks',
    maxWorkers: 2,
    projects: [
      {
        extends: true,
        test: { name: 'unit', include: ['**/*.test.ts'], exclude: [...exclude, 'test/integration/**', ...CORPUS_SWEEPS] },
      },
      {
        extends: true,
        test: {
          name: 'pglite',
          include: ['test/integration/**/*.test.ts'],
          exclude,
          env: { P2M_TEST_DB: 'pglite' },
          globalSetup: ['test/support/pglite-global-setup.ts'],
          ...integration,
        },
      },
      {
        extends: true,
        test: {
          name: 'postgres',
          include: ['test/integration/**/*.test.ts'],
          // The browser walks test pages, not the database: once, on the embedded default, is enough.
          exclude: [...exclude, 'test/integration/browser/**'],
          env: { P2M_TEST_DB: 'postgres' },
          globalSetup: ['test/support/global-setup.ts'],
          ...integration,
        },
      },
      {
        extends: true,
        test: {
          name: 'corpus',
          include: CORPUS_SWEEPS,
          exclude,
          // Each hostile file converts in its own child process: two at a time per worker.
          maxConcurrency: 2,
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
