import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import importX from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import reactHooks from 'eslint-plugin-react-hooks';
import checkFile from 'eslint-plugin-check-file';
import globals from 'globals';

const features = ['tasks', 'console', 'signin'];

const KEBAB_CASE = '+([a-z])*([a-z0-9])*(-+([a-z0-9]))';
const PASCAL_CASE = '+([A-Z])*([a-zA-Z0-9])';

/** Which layer may import which: app → features → ui → {sync, db} → fhir; mocks share only fhir. */
const layerFences = [
  // Each feature may not import any other feature: they meet only in src/app.
  ...features.map((name) => ({
    target: `./src/features/${name}`,
    from: './src/features',
    except: [`./${name}`],
    message: 'Features never import each other; compose them in src/app.',
  })),
  { target: './src/features', from: './src/app', message: 'Features do not import the app shell.' },
  {
    target: './src/features',
    from: ['./src/db', './src/sync'],
    message: 'Features read and write through src/ui (and pure src/fhir), never src/db or src/sync.',
  },
  {
    target: './src/ui',
    from: ['./src/features', './src/app'],
    message: 'src/ui is shared UI below the features: it imports only sync, db and fhir.',
  },
  {
    target: ['./src/sync', './src/db', './src/fhir'],
    from: ['./src/features', './src/app', './src/workers'],
    message: 'sync, db and fhir are below the UI.',
  },
  {
    target: './mocks',
    from: ['./src/app', './src/features', './src/sync', './src/db', './src/workers'],
    message: 'The fake server shares only src/fhir with the app.',
  },
];

const appNeverImportsMocks = {
  target: './src',
  from: ['./mocks', './tests'],
  message: 'The app never imports the fake server or tests.',
};

const belowTheUi = 'src/sync, src/db and src/fhir have no React.';
const noReact = [
  { name: 'react', message: belowTheUi },
  { name: 'react-dom', message: belowTheUi },
];
const dexieOnlyInDb = { name: 'dexie', message: 'Only src/db imports dexie.' };
const noUi = { group: ['@mantine/*'], message: 'No UI below the features.' };
const noClimbing = { group: ['../../../*'], message: "Use the '@/' alias instead of climbing the tree." };

/**
 * One `no-restricted-imports` setting for a folder. A later config block replaces the rule whole
 * rather than adding to it, so every block is built here and every one forbids climbing the tree.
 */
function restrictedImports({ paths, patterns = [] }) {
  return ['error', { paths, patterns: [noClimbing, ...patterns] }];
}

export default tseslint.config(
  {
    ignores: [
      'dist',
      'dist-server',
      'node_modules',
      'public',
      'coverage',
      '.data',
      'test-results',
      'reports',
      'bots/compiled',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{js,mjs}'],
    languageOptions: { globals: globals.node },
  },
  {
    files: ['**/*.{ts,tsx}'],
    plugins: { 'import-x': importX, 'react-hooks': reactHooks, 'check-file': checkFile },
    settings: { 'import-x/resolver-next': [createTypeScriptImportResolver()] },
    rules: {
      ...reactHooks.configs.recommended.rules,
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      // Type-only cycles are caught by `npm run lint:cycles` (dpdm), which this rule skips.
      'import-x/no-cycle': 'error',
      // Modules are kebab-case; React components may be PascalCase (.tsx only).
      'check-file/filename-naming-convention': [
        'error',
        { '**/*.ts': 'KEBAB_CASE', '**/*.tsx': `@(${PASCAL_CASE}|${KEBAB_CASE})` },
        { ignoreMiddleExtensions: true },
      ],
      'no-restricted-imports': restrictedImports({ paths: [dexieOnlyInDb] }),
      'import-x/no-restricted-paths': ['error', { zones: [...layerFences, appNeverImportsMocks] }],
    },
  },
  {
    files: ['src/sync/**/*.ts', 'src/fhir/**/*.ts'],
    rules: {
      'no-restricted-imports': restrictedImports({ paths: [...noReact, dexieOnlyInDb], patterns: [noUi] }),
    },
  },
  {
    // src/db is the one folder that imports dexie; the other rules below the UI hold there too.
    files: ['src/db/**/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': restrictedImports({ paths: noReact, patterns: [noUi] }) },
  },
  {
    // Route and component tests drive the real UI against the fake server.
    files: ['src/**/*.test.{ts,tsx}', 'src/**/testing/**/*.{ts,tsx}'],
    rules: { 'import-x/no-restricted-paths': ['error', { zones: layerFences }] },
  }
);
