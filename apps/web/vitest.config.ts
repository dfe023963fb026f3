import { defineProject } from 'vitest/config';
import { lucidePackageFiles } from './vite.config';

export default defineProject({
  resolve: { alias: { '@': new URL('./src', import.meta.url).pathname, ...lucidePackageFiles() } },
  test: {
    name: 'web',
    include: ['test/**/*.test.{ts,tsx}'],
    environment: 'node',
    setupFiles: ['test/support/console.ts', 'test/support/testing-library.ts'],
    testTimeout: 30_000,
  },
});
