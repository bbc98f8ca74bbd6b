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
        project: [
          './server/src/core/tsconfig.json',
          './common/tsconfig.json',
          './server/tsconfig.json',
          './client/tsconfig.json',
          './test/tsconfig.json',
          './test/e2e/tsconfig.json',
        ],
        tsconfigRootDir: import.meta.dirname,
      },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': [
        'error',
        {
          allowForKnownSafeCalls: [
            { from: 'package', package: 'node:test', name: ['describe', 'test', 'it', 'suite', 'before', 'after', 'beforeEach', 'afterEach'] },
          ],
        },
      ],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      eqeqeq: ['error', 'smart'],
    },
  },
  {
    // The core is pure: no vscode, no LSP connection, no node I/O.
    files: ['server/src/core/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['vscode', 'vscode-languageserver', 'vscode-languageserver/*', 'vscode-languageclient', 'vscode-languageclient/*'],
              message: 'The core must not depend on VS Code or the LSP connection.',
            },
            { group: ['fs', 'node:*', 'path', 'child_process', 'http', 'https', 'os'], message: 'The core gets I/O through an injected host.' },
            { group: ['**/common/**', '**/client/**', '**/lsp/**', '**/cli/**', '**/node/**'], message: 'The core imports nothing outside server/src/core.' },
          ],
        },
      ],
      'no-restricted-globals': ['error', 'process'],
    },
  },
  {
    // Layout: client -> common <- {lsp, cli} -> core. The extension reaches the language server
    // only through the protocol (common/protocol.ts), never through its code.
    files: ['client/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [{ group: ['**/server/**'], message: 'The client imports nothing from server/: what both sides need lives in common/.' }],
        },
      ],
    },
  },
  {
    // common/: what crosses the client/server line. It may name the core's operation types (type
    // imports, erased from the bundles), nothing else of the server and nothing of the client.
    files: ['common/**/*.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/client/**', '**/lsp/**', '**/cli/**', '**/node/**', '**/main', '**/cli'],
              message: 'common/ imports neither the client nor the language server.',
            },
            { regex: '/core/', message: 'common/ reaches the core only through its front door (server/src/core/index.ts).' },
            { regex: '/core$', allowTypeImports: true, message: 'common/ may import only types from the core.' },
            {
              group: ['vscode', 'vscode-languageserver', 'vscode-languageserver/*', 'vscode-languageclient', 'vscode-languageclient/*'],
              message: 'common/ runs on both sides: no vscode and no LSP connection (vscode-jsonrpc types only).',
            },
          ],
        },
      ],
    },
  },
  {
    // The front ends (the language server, the CLI, the node layer) reach the core through its front
    // door only: server/src/core/index.ts names every operation the core offers them.
    files: ['server/src/{lsp,cli,node,entry}/**/*.ts', 'server/src/main.ts', 'server/src/cli.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/core/*', '!**/core/index'],
              message: 'Import the core through its front door (server/src/core/index.ts: `from "../core"`); a new operation is named there.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['server/**/*.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [{ group: ['**/client/**'], message: 'The language server and the CLI import nothing from the client.' }],
        },
      ],
    },
  },
);
