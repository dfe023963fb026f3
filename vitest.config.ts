import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: ['packages/contracts', 'apps/api', 'apps/api/vitest.isolated.config.ts', 'apps/web'],
    // Vitest's default on a run is one worker less than the cores: one worker on a 2-core machine, where
    // `npm test` runs the unit step alone (lint and the type check are done, Playwright not started). Two
    // files at once keep both cores busy while one of them waits on its database or a timer.
    maxWorkers: Math.max(2, availableParallelism()),
  },
});
