import fs from 'node:fs';
import path from 'node:path';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';

// The web app's layers: app → features → lib/ui → contract; imports point down only.
const web = path.join(import.meta.dirname, 'apps/web/src');
const webFeatures = fs
  .readdirSync(path.join(web, 'features'), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', 'data/**', 'test-results/**', 'playwright-report/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-console': 'off',
    },
  },
  {
    // Node scripts (build steps) written as plain modules.
    files: ['**/*.mjs'],
    languageOptions: { globals: { console: 'readonly', process: 'readonly' } },
  },
  {
    // The server's product code never leans on test support: the harness, fakes and shared suites
    // live in apps/server/test/, and vitest is a dev dependency that production does not install.
    // A test beside the code (*.test.ts) is test code and may import them.
    files: ['apps/server/src/**/*.ts'],
    ignores: ['apps/server/src/**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['**/test', '**/test/**'], message: 'src must not import test support (apps/server/test/); move what both need into src.' },
            { group: ['vitest', 'vitest/*', '@vitest/*'], message: 'src must not import vitest; tests live in *.test.ts files or apps/server/test/.' },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    // Web layers, enforced: ui and lib know no feature and no app (and lib, plain code, no ui either),
    // features never reach up into app, and a feature uses another only through that feature's
    // index.ts (its public entry); app, on top, composes them all. No import cycles.
    files: ['apps/web/**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js'] })],
      // Modules no-cycle follows (it reads only .js by default).
      'import-x/extensions': ['.ts', '.tsx', '.js'],
    },
    rules: {
      'import-x/no-cycle': 'error',
      'import-x/no-restricted-paths': [
        'error',
        {
          basePath: web,
          zones: [
            { target: './ui', from: ['./features', './app'], message: 'ui is the bottom layer: it imports no feature and no app.' },
            { target: './lib', from: ['./features', './app', './ui'], message: 'lib is the bottom layer: it imports no feature, app or ui.' },
            { target: './features', from: './app', message: 'Features never import app (app composes features, not the other way round).' },
            ...webFeatures.map((name) => ({
              target: `./features/${name}`,
              from: './features',
              except: [`./${name}`, ...webFeatures.filter((other) => other !== name).map((other) => `./${other}/index.ts`)],
              message: 'A feature uses another only through its public entry, features/<name>/index.ts (or the shared piece moves down to ui or lib).',
            })),
          ],
        },
      ],
      // The contract's main entry carries zod: the browser takes values from its zod-free entry only.
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@second-gear/contract',
              allowTypeImports: true,
              message: 'Import values from @second-gear/contract/constants: the main entry would put zod in the bundle.',
            },
          ],
        },
      ],
    },
  },
  {
    // Tests of the web app's logic run in Node, not in the bundle: they may hold the browser's
    // checks to the contract's own schemas.
    files: ['apps/web/**/*.test.ts'],
    rules: { '@typescript-eslint/no-restricted-imports': 'off' },
  },
);
