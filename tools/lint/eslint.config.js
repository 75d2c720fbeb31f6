// ESLint for the whole project (run from the root by `npm run lint`). typescript-eslint's
// recommended rules without type information: fast, and tsc (TypeScript 7) checks the types.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: ['**/node_modules/**', 'data/**', 'sdk/dist/**', 'sdk/src/openapi.ts', 'coverage/**', '.scratch/**'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.ts', '**/*.js'],
    languageOptions: {
      ecmaVersion: 2024,
      sourceType: 'module',
      globals: {
        process: 'readonly',
        console: 'readonly',
        Buffer: 'readonly',
        URL: 'readonly',
        URLSearchParams: 'readonly',
        setTimeout: 'readonly',
        clearTimeout: 'readonly',
        setInterval: 'readonly',
        clearInterval: 'readonly',
        setImmediate: 'readonly',
        queueMicrotask: 'readonly',
        structuredClone: 'readonly',
        AbortController: 'readonly',
        AbortSignal: 'readonly',
        TextEncoder: 'readonly',
        TextDecoder: 'readonly',
        fetch: 'readonly',
        performance: 'readonly',
        globalThis: 'readonly',
      },
    },
    rules: {
      eqeqeq: ['error', 'always', { null: 'ignore' }],
      'no-console': 'off',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      // Text checks look for control characters on purpose (PostgreSQL cannot store NUL; binary files).
      'no-control-regex': 'off',
    },
  },
  {
    // Small files and functions (README, "Readable"): a source file over 400 lines or a function
    // over 150 is split by what it holds.
    files: ['src/**/*.ts', 'bench/**/*.ts', 'sdk/src/**/*.ts', 'sdk/bin/**', 'tools/**/*.ts'],
    rules: {
      'max-lines': ['error', { max: 400 }],
      'max-lines-per-function': ['error', { max: 150, skipBlankLines: true, skipComments: true }],
    },
  },
  {
    // A test file over 600 lines is split along its describe blocks.
    files: ['test/**/*.ts', 'sdk/test/**/*.ts'],
    rules: { 'max-lines': ['error', { max: 600 }] },
  },
  {
    // Tests and the benchmark read arbitrary JSON answers.
    files: ['test/**', 'bench/**', 'sdk/test/**'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
);
