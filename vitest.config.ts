import { defineConfig } from 'vitest/config';

// Three projects: unit tests once; integration suites twice, on embedded
// PGlite and on the real PostgreSQL + Redis (each test file gets its own
// database cloned from a migrated template).
const exclude = ['node_modules/**', 'data/**', 'bench/**'];

export default defineConfig({
  test: {
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: 'forks',
    maxWorkers: 2,
    projects: [
      { extends: true, test: { name: 'unit', include: ['**/*.test.ts'], exclude: [...exclude, 'test/integration/**'] } },
      {
        extends: true,
        test: {
          name: 'pglite',
          include: ['test/integration/**/*.test.ts'],
          exclude,
          env: { P2M_TEST_DB: 'pglite' },
        },
      },
      {
        extends: true,
        test: {
          name: 'postgres',
          include: ['test/integration/**/*.test.ts'],
          exclude,
          env: { P2M_TEST_DB: 'postgres' },
          globalSetup: ['test/support/global-setup.ts'],
        },
      },
    ],
  },
});
