import js from '@eslint/js';
import importPlugin from 'eslint-plugin-import';
import reactHooks from 'eslint-plugin-react-hooks';
import { readdirSync, existsSync } from 'node:fs';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const featuresDir = 'apps/web/src/features';
const features = existsSync(featuresDir)
  ? readdirSync(featuresDir, { withFileTypes: true })
      .filter((d) => d.isDirectory())
      .map((d) => d.name)
  : [];

/** Import direction of the web app: shared code never reaches into features, features never into each other; one zone per feature, so a new feature is covered automatically. */
const webZones = [
  // shared code never reaches up into features or the app shell
  { target: './apps/web/src/components', from: ['./apps/web/src/features', './apps/web/src/app'] },
  {
    target: './apps/web/src/lib',
    from: ['./apps/web/src/features', './apps/web/src/app', './apps/web/src/components'],
  },
  // features never import each other, nor the app shell
  ...features.map((feature) => ({
    target: `./apps/web/src/features/${feature}`,
    from: [
      './apps/web/src/app',
      ...features.filter((other) => other !== feature).map((other) => `./apps/web/src/features/${other}`),
    ],
  })),
];

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      'data/**',
      'artifacts/**',
      'test-results/**',
      'playwright-report/**',
      'apps/server/openapi-client/generated/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  { files: ['**/*.{js,mjs,cjs}'], languageOptions: { globals: globals.node } },
  {
    plugins: { import: importPlugin },
    settings: {
      // Relative imports are all the direction rules need; the node resolver finds them by extension.
      'import/resolver': { node: { extensions: ['.ts', '.tsx', '.js', '.mjs'] } },
      // Without these, rules that read the imported files (import/no-cycle) skip every TypeScript file.
      'import/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
    },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-non-null-assertion': 'off',
      'import/no-restricted-paths': [
        'error',
        {
          zones: [
            { target: './packages/contract', from: ['./apps'] },
            { target: './apps/web', from: './apps/server' },
            { target: './apps/server', from: './apps/web' },
            // server layering: repositories and services never see HTTP routes
            {
              target: './apps/server/src/modules/**/*.repository.ts',
              from: './apps/server/src/modules/**/*.routes.ts',
            },
            {
              target: './apps/server/src/modules/**/*.service.ts',
              from: './apps/server/src/modules/**/*.routes.ts',
            },
            ...webZones,
          ],
        },
      ],
    },
  },
  {
    // A cycle makes load order decide what is initialised; type-only imports are exempt.
    files: ['apps/server/**/*.ts', 'apps/web/**/*.{ts,tsx}'],
    rules: { 'import/no-cycle': 'error' },
  },
  {
    files: ['apps/server/src/**/*.ts'],
    ignores: ['apps/server/src/config.ts', 'apps/server/src/testing/**', 'apps/server/src/**/*.test.ts'],
    rules: {
      'no-restricted-properties': [
        'error',
        { object: 'process', property: 'env', message: 'Read configuration through config.ts (loadConfig).' },
      ],
    },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
);
