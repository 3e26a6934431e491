import { defineConfig } from 'vitest/config';

// Integration suites share one PostgreSQL server and one Redis; each test file
// gets its own database, so files can run in parallel on the two cores.
export default defineConfig({
  test: {
    include: ['test/**/*.test.ts', '**/*.test.ts'],
    exclude: ['node_modules/**', 'data/**', 'bench/**'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: 'forks',
    maxWorkers: 2,
  },
});
