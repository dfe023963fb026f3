import { defineProject } from 'vitest/config';

export default defineProject({
  resolve: { alias: { '@': new URL('./src', import.meta.url).pathname } },
  test: {
    name: 'web',
    include: ['test/**/*.test.{ts,tsx}'],
    environment: 'node',
    setupFiles: ['test/support/console.ts', 'test/support/testing-library.ts'],
    testTimeout: 30_000,
  },
});
