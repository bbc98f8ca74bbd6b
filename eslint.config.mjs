// @ts-check
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['node_modules/**', 'out/**', 'dist/**', '.tools/**', '.vscode-test/**', 'test/fixtures/**', 'scripts/**', '*.mjs'] },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: {
        project: ['./server/src/core/tsconfig.json', './server/tsconfig.json', './client/tsconfig.json', './test/tsconfig.json', './test/e2e/tsconfig.json'],
        tsconfigRootDir: import.meta.dirname,
      },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': ['error', {
        allowForKnownSafeCalls: [{ from: 'package', package: 'node:test', name: ['describe', 'test', 'it', 'suite', 'before', 'after', 'beforeEach', 'afterEach'] }],
      }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      eqeqeq: ['error', 'smart'],
    },
  },
  {
    // The core is pure: no vscode, no LSP connection, no node I/O.
    files: ['server/src/core/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', {
        patterns: [
          { group: ['vscode', 'vscode-languageserver', 'vscode-languageserver/*', 'vscode-languageclient', 'vscode-languageclient/*'], message: 'The core must not depend on VS Code or the LSP connection.' },
          { group: ['fs', 'node:*', 'path', 'child_process', 'http', 'https', 'os'], message: 'The core gets I/O through an injected host.' },
        ],
      }],
      'no-restricted-globals': ['error', 'process'],
    },
  },
);
