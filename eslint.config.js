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
 * One-way imports (docs/architecture.md, docs/decisions/0030-lint-zones.md): each app's source is a stack
 * of layers, lowest first, and a layer never imports one above it; a feature never imports another
 * feature. The zones are generated from the folders that exist: a new feature is covered without
 * editing this file, and a new top-level folder (or file) that no layer names stops the lint with
 * a message saying where to place it, rather than slipping through unguarded.
 */

/** The folders of `dir` (features, or the top of an app's src). */
function subfolders(dir) {
  return fs.existsSync(dir)
    ? fs
        .readdirSync(dir, { withFileTypes: true })
        .filter((d) => d.isDirectory())
        .map((d) => d.name)
    : [];
}

function featureZones(srcDir) {
  return subfolders(path.join(srcDir, 'features')).map((name) => ({
    target: `./${srcDir}/features/${name}`,
    from: `./${srcDir}/features`,
    except: [`./${name}`],
    message: 'Features do not import each other; move shared code to a lower layer, or compose in app/.',
  }));
}

/**
 * `layers`: groups of top-level entries of `srcDir` (folders, or files), lowest first. Every group
 * may import the groups below it and its own, never one above. `free`: entries outside the stack
 * (test helpers, the entry point, styles).
 */
function layerZones(srcDir, layers, free = []) {
  const placed = new Set([...layers.flat(), ...free]);
  const strays = fs
    .readdirSync(srcDir, { withFileTypes: true })
    .filter((d) => d.isDirectory() || (/\.tsx?$/.test(d.name) && !/\.test\.tsx?$/.test(d.name)))
    .map((d) => d.name)
    .filter((name) => !placed.has(name));
  if (strays.length > 0) {
    throw new Error(
      `eslint.config.js: ${strays.map((n) => `${srcDir}/${n}`).join(', ')} belongs to no layer; add it to the layers of ${srcDir} (docs/decisions/0030-lint-zones.md).`,
    );
  }
  return layers.flatMap((group, i) => {
    const above = layers.slice(i + 1).flat();
    if (above.length === 0) return [];
    const names = (list) => list.join(', ');
    return group.map((entry) => ({
      target: `./${srcDir}/${entry}`,
      from: above.map((a) => `./${srcDir}/${a}`),
      message: `${entry} sits below ${names(above)}: a layer never imports one above it (lowest first: ${layers.map(names).join(' → ')}).`,
    }));
  });
}

/**
 * The server, lowest first: helpers; the database; cross-feature rules over tables; reading the
 * chain; market views over chain data; the indexer; the configuration and the HTTP and operations
 * plumbing the features build on; the features (HTTP routes over their repositories); what
 * composes and starts them.
 */
const serverLayers = [
  ['lib', 'paths.ts'],
  ['db'],
  ['domain'],
  ['chain'],
  ['market'],
  ['indexer'],
  ['config.ts', 'ops', 'auth', 'plugins', 'delivery'],
  ['features'],
  ['app.ts', 'main.ts', 'cli.ts'],
];

/** The web app: shared code; the features (api and components of one area); app/ composes screens. */
const webLayers = [['lib', 'components'], ['features'], ['app', 'main.tsx']];

/**
 * The API's paths, read from the endpoint contract (each feature's packages/contract/src/<feature>/endpoints.ts
 * and the sign-in route in routes.ts; docs/decisions/0083). This file cannot import the TypeScript contract, so it
 * reads the `path: '…'` lines; the contract test endpoint-contract.test.ts keeps them the only form.
 */
function contractPaths() {
  const dir = 'packages/contract/src';
  const files = [
    ...subfolders(dir)
      .map((f) => path.join(dir, f, 'endpoints.ts'))
      .filter((f) => fs.existsSync(f)),
    'packages/contract/src/routes.ts',
  ];
  const found = new Set();
  for (const file of files)
    for (const m of fs.readFileSync(file, 'utf8').matchAll(/\bpath: '(\/[^']*)'/g)) found.add(m[1]);
  return [...found];
}

/**
 * No API URL is written by hand in the web app: every call goes through lib/api-client.ts with an
 * endpoint of the contract. Flags a string or template that holds /api/v1, or that is one of the
 * contract's paths (a `${…}` standing for any one segment), with or without the trailing slash the
 * client sends. `screenPaths`: lib/paths.ts, whose screens share '/projects' and '/staff/tickets'
 * with the API, may hold the bare form.
 */
const noApiPaths = {
  meta: {
    type: 'problem',
    schema: [{ type: 'object', properties: { screenPaths: { type: 'boolean' } }, additionalProperties: false }],
    messages: {
      literal:
        "API URL '{{text}}' written by hand: call the endpoint through apiCall(api.<feature>.<name>, …) from lib/api-client.ts (docs/decisions/0083).",
    },
  },
  create(context) {
    const screenPaths = context.options[0]?.screenPaths === true;
    const patterns = contractPaths().map(
      (p) => new RegExp(`^${p.replace(/:[A-Za-z_]\w*/g, '[^/?]+')}(?<slash>/?)(\\?.*)?$`),
    );
    const check = (node, text) => {
      const api =
        text.includes('/api/v1') ||
        patterns.some((re) => {
          const m = re.exec(text);
          return m !== null && (!screenPaths || m.groups.slash === '/' || text.includes('?'));
        });
      if (api) context.report({ node, messageId: 'literal', data: { text } });
    };
    return {
      Literal(node) {
        if (typeof node.value === 'string') check(node, node.value);
      },
      TemplateLiteral(node) {
        check(node, node.quasis.map((q) => q.value.cooked ?? q.value.raw).join('X'));
      },
    };
  },
};

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/dist-test-*/**',
      'data/**',
      '.test-results/**',
      'test-results/**',
      'playwright-report/**',
      '**/drizzle/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    plugins: { 'import-x': importX },
    settings: {
      // Parse the TypeScript files an import leads to: no-cycle follows the imports of the imported
      // module, and without a parser for .ts/.tsx it sees none (and finds no cycle).
      'import-x/extensions': ['.ts', '.tsx', '.js', '.jsx', '.mjs', '.cjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          project: [
            'apps/server/tsconfig.json',
            'apps/web/tsconfig.json',
            'packages/contract/tsconfig.json',
            'packages/devchain/tsconfig.json',
            'packages/testkit/tsconfig.json',
          ],
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
            ...layerZones('apps/web/src', webLayers, ['test', 'testing', 'index.css', 'vite-env.d.ts']),
            ...featureZones('apps/web/src'),
            ...layerZones('apps/server/src', serverLayers),
            ...featureZones('apps/server/src'),
            {
              target: './apps/server/src/features',
              from: './apps/server/src/indexer',
              message: 'Features do not import the indexer; what both need lives in market/, domain/ or db/.',
            },
            { target: './packages', from: './apps', message: 'Packages must not depend on apps.' },
            { target: './apps/web', from: './apps/server', message: 'The web app talks to the server over HTTP only.' },
            { target: './apps/server', from: './apps/web', message: 'The server must not import web code.' },
          ],
        },
      ],
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': 'off',
    },
  },
  {
    // A test file is imported by nothing, so no import cycle can pass through it. no-cycle walks
    // the whole module graph under every file it checks: 67 % of the lint's rule time, and the 144
    // test files (a fifth of the files) walked the most, since each imports the modules under test.
    files: ['**/*.test.ts', '**/*.test.tsx', '**/*.spec.ts'],
    rules: { 'import-x/no-cycle': 'off' },
  },
  {
    // The chain layer reads the chain; the API's shapes (the contract) are the features' business.
    // Its tests may hold the two equal (untrusted-text.test.ts: the text limits).
    files: ['apps/server/src/chain/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@tokendesk/contract', '@tokendesk/contract/*'],
              message:
                'chain/ does not depend on the API contract; present chain data in the feature that answers with it.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    languageOptions: { globals: { ...globals.browser } },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    // Every API call goes through the one client made from the endpoint contract (docs/decisions/0083).
    // The client itself, the MSW handlers and the tests that check the URLs on the wire are where
    // URLs may be written.
    files: ['apps/web/src/**/*.{ts,tsx}'],
    ignores: ['apps/web/src/lib/api-client.ts', 'apps/web/src/testing/**', '**/*.test.ts', '**/*.test.tsx'],
    plugins: { tokendesk: { rules: { 'no-api-paths': noApiPaths } } },
    rules: { 'tokendesk/no-api-paths': 'error' },
  },
  {
    files: ['apps/web/src/lib/paths.ts'],
    rules: { 'tokendesk/no-api-paths': ['error', { screenPaths: true }] },
  },
  {
    // Classic scripts served as they are (theme-init.js runs before the app's bundle).
    files: ['apps/web/public/**/*.js'],
    languageOptions: { sourceType: 'script', globals: { ...globals.browser } },
  },
);
