import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

// Files that belong to no tsconfig: linted without type information (the type-aware rules are off for them).
const untyped = ['**/*.{js,mjs,cjs}', 'scripts/**', 'vitest.config.ts', 'playwright.config.ts', 'apps/web/vitest.config.ts'];

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/dist-ssr/**',
      '**/dist-sw/**',
      '**/node_modules/**',
      'data/**',
      'test-results/**',
      'playwright-report/**',
      '.tmp/**',
      'packages/db/migrations/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': ['error', { allow: ['warn', 'error'] }],
    },
  },
  {
    // Type-aware rules for every TypeScript file: each one belongs to the tsconfig of its workspace (or of e2e/, bench/),
    // which the project service finds by itself. A new TypeScript file outside every tsconfig fails here: add it to one, or to `untyped`.
    files: ['**/*.{ts,tsx,mts,cts}'],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      // A promise nobody awaits loses its rejection (an unhandled rejection ends the API process) and its ordering.
      // Await it, or write `void promise` where fire-and-forget is meant and the promise handles its own errors.
      '@typescript-eslint/no-floating-promises': 'error',
      // `checksVoidReturn.attributes: false`: the web app passes promise-returning functions to React event props on
      // purpose (15 places): react-hook-form's `onSubmit={form.handleSubmit(...)}`, `onClick={() => mutation.mutateAsync(id).then(ok, fail)}`,
      // react-router's `navigate(...)`. React ignores the returned promise, and each of them handles its own errors (the
      // mutation's onError, the `.then` rejection handler). Everywhere else (callbacks of Node and Fastify, array
      // methods, conditions) a promise where void or a boolean is expected stays an error.
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
    },
  },
  { files: untyped, ...tseslint.configs.disableTypeChecked },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
    },
  },
  {
    // Features never import each other (compose them in app/routes); inside a feature use relative paths.
    files: ['apps/web/src/features/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['@/features/**', '**/features/**'], message: 'Features never import each other; compose them in app/routes.' }] },
      ],
    },
  },
  {
    // Shared UI primitives and lib/ sit below the features: they never import one.
    files: ['apps/web/src/components/ui/**/*.{ts,tsx}', 'apps/web/src/lib/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@/features/**', '**/features/**'],
              message: 'components/ui and lib sit below the features and never import one; move the shared code down, or compose in app/routes.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['scripts/**', 'bench/**', 'e2e/**', '.ci/**', '**/*.mjs'],
    rules: { 'no-console': 'off' },
  },
);
