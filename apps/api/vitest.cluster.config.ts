import { defineConfig } from 'vitest/config';

// The cluster test (test-cluster/): the built app ×3 behind nginx on PostgreSQL, Redis and s3rver.
// Separate from the unit suite: it builds when needed and starts real processes (npm run test:cluster).
export default defineConfig({
  test: {
    name: 'cluster',
    root: new URL('.', import.meta.url).pathname,
    include: ['test-cluster/**/*.test.ts'],
    testTimeout: 300_000,
    hookTimeout: 600_000,
    // One file, its tests in order: they share the cluster.
    fileParallelism: false,
  },
});
