// @ts-check
import fs from 'node:fs';
import path from 'node:path';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import { importX } from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

/**
 * One-way imports (ARCHITECTURE.md): a feature never imports another feature, and shared code
 * (lib, components, auth, db…) never imports a feature. Zones are generated from the folders
 * that exist, so a new feature is covered without editing this file.
 */
function featureZones(srcDir, sharedDirs) {
  const featuresDir = path.join(srcDir, 'features');
  const features = fs.existsSync(featuresDir)
    ? fs.readdirSync(featuresDir, { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name)
    : [];
  return [
    ...features.map((name) => ({
      target: `./${srcDir}/features/${name}`,
      from: `./${srcDir}/features`,
      except: [`./${name}`],
      message: 'Features do not import each other; move shared code to lib/ or components/, or compose in app/.',
    })),
    ...sharedDirs.map((dir) => ({
      target: `./${srcDir}/${dir}`,
      from: `./${srcDir}/features`,
      message: 'Shared code must not depend on a feature.',
    })),
  ];
}

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', 'data/**', '.test-results/**', 'test-results/**', 'playwright-report/**', '**/drizzle/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          project: ['apps/server/tsconfig.json', 'apps/web/tsconfig.json', 'packages/contract/tsconfig.json', 'packages/devchain/tsconfig.json'],
          noWarnOnMultipleProjects: true,
        }),
      ],
    },
    languageOptions: { globals: { ...globals.node } },
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            ...featureZones('apps/web/src', ['lib', 'components']),
            ...featureZones('apps/server/src', ['lib', 'auth', 'db', 'plugins']),
            { target: './packages', from: './apps', message: 'Packages must not depend on apps.' },
            { target: './apps/web', from: './apps/server', message: 'The web app talks to the server over HTTP only.' },
            { target: './apps/server', from: './apps/web', message: 'The server must not import web code.' },
          ],
        },
      ],
      'import-x/no-cycle': 'off',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': 'off',
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    languageOptions: { globals: { ...globals.browser } },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    // Classic scripts served as they are (theme-init.js runs before the app's bundle).
    files: ['apps/web/public/**/*.js'],
    languageOptions: { sourceType: 'script', globals: { ...globals.browser } },
  },
);
