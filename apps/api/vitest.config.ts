import { defineProject } from 'vitest/config';
import { ISOLATED_API_FILES } from './vitest.isolated.config';

export default defineProject({
  test: {
    name: 'api',
    include: ['test/**/*.test.ts'],
    exclude: ISOLATED_API_FILES,
    globalSetup: ['./test/global-setup.ts'],
    // Budgets with a wide margin: a 2-core CI machine also runs browsers and servers (the slowest
    // tests, 20 parallel checkouts, take about 10 s on a busy machine).
    testTimeout: 60_000,
    // The API files share a worker's module graph instead of loading Fastify, Drizzle, better-auth and
    // the app anew for each of the 80-odd files: a run takes about 30 % less CPU (566 → 395 CPU-s,
    // measured in one cgroup). Each file builds its own app and database (test/helpers). A file that
    // mocks a module runs isolated instead (vitest.isolated.config.ts); the web project keeps isolation
    // (its files mock modules and render into one document).
    isolate: false,
    hookTimeout: 60_000,
  },
});
