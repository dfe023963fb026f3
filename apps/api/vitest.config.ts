import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'api',
    include: ['test/**/*.test.ts'],
    globalSetup: ['./test/global-setup.ts'],
    // Budgets with a wide margin: a 2-core CI machine also runs browsers and servers (the slowest
    // tests, 20 parallel checkouts, take about 10 s on a busy machine).
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
