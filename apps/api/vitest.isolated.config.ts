import { defineProject } from 'vitest/config';

// The API files that mock a module (vi.mock): they run isolated, each with its own module graph, so the
// mock is in place before the app loads the module and never leaks into another file. The other API
// files share their worker's modules (vitest.config.ts, `isolate: false`).
export const ISOLATED_API_FILES = ['test/demo-package.test.ts'];

export default defineProject({
  test: {
    name: 'api-isolated',
    include: ISOLATED_API_FILES,
    globalSetup: ['./test/global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
