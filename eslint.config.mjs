import nx from '@nx/eslint-plugin';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import { readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const nodeOnly = ['react', 'react-dom', '@chakra-ui/*', 'zustand', '@tanstack/*', 'socket.io-client', 'papaparse'];
const serverOnly = ['@nestjs/*', '@mikro-orm/*', 'nats', 'pg', '@electric-sql/*', '@node-rs/*', 'jsonwebtoken', 'helmet', 'socket.io'];

/** The module-boundary rule; `nodeBanned` is what a Node project may not import, `appLibs` the libs an app may use. */
const boundaries = (nodeBanned, appLibs = ['type:contracts', 'type:infra']) => [
  'error',
  {
    enforceBuildableLibDependency: false,
    allow: [],
    depConstraints: [
      { sourceTag: 'type:app', onlyDependOnLibsWithTags: appLibs },
      { sourceTag: 'type:launcher', onlyDependOnLibsWithTags: ['type:contracts', 'type:infra'] },
      { sourceTag: 'type:infra', onlyDependOnLibsWithTags: ['type:infra', 'type:contracts'] },
      { sourceTag: 'type:contracts', onlyDependOnLibsWithTags: [], bannedExternalImports: [...serverOnly, ...nodeOnly] },
      { sourceTag: 'platform:web', onlyDependOnLibsWithTags: ['platform:shared'], bannedExternalImports: serverOnly },
      { sourceTag: 'platform:node', onlyDependOnLibsWithTags: ['platform:node', 'platform:shared'], bannedExternalImports: nodeBanned },
      { sourceTag: 'platform:shared', onlyDependOnLibsWithTags: ['platform:shared'] },
    ],
  },
];

const ordersSrc = join(dirname(fileURLToPath(import.meta.url)), 'services/orders/src');
/** The orders service's folders, lowest first (services/orders/feature-layers.json, decision 077). */
const ordersLayers = JSON.parse(readFileSync(join(ordersSrc, '../feature-layers.json'), 'utf8')).layers;
const ordersLayerOf = new Map(ordersLayers.flatMap((folders, layer) => folders.map((folder) => [folder, layer])));

/**
 * The walls between the orders service's feature folders: a folder imports only folders of lower layers, and only
 * through their index.ts (a spec or a testing folder may also use another folder's testing/ helpers). The files at
 * the top of src/ (app.module.ts, service.ts, main.ts) compose the features and are imported by none.
 */
const ordersFeatureWalls = {
  meta: { type: 'problem', schema: [], messages: { wall: '{{problem}} (services/orders/feature-layers.json, docs/decisions/077)' } },
  create(context) {
    const own = relative(ordersSrc, context.filename).split(sep);
    if (own[0] === '..' || own.length < 2) return {};
    const isTest = /\.(int-)?spec\.ts$/.test(context.filename) || own.includes('testing');
    const check = (node) => {
      const specifier = node.source?.value;
      if (typeof specifier !== 'string' || !specifier.startsWith('.')) return;
      const [folder, ...inner] = relative(ordersSrc, resolve(dirname(context.filename), specifier)).split(sep);
      if (folder === own[0] || folder === '..') return;
      const report = (problem) => context.report({ node: node.source, messageId: 'wall', data: { problem } });
      if (!ordersLayerOf.has(own[0])) return report(`the folder ${own[0]} has no layer`);
      if (!ordersLayerOf.has(folder)) return report(`${specifier} is the composition root or a folder without a layer: a feature never imports it`);
      if (ordersLayerOf.get(folder) >= ordersLayerOf.get(own[0])) return report(`${own[0]} may not import ${folder}, which is not below it`);
      const throughIndex = inner.length === 0 || (inner.length === 1 && inner[0] === 'index');
      if (!throughIndex && !(isTest && inner[0] === 'testing')) report(`import ${folder} through its index.ts, not ${specifier}`);
    };
    return { ImportDeclaration: check, ExportNamedDeclaration: check, ExportAllDeclaration: check, ImportExpression: check };
  },
};

export default [
  { ignores: ['**/dist', '**/node_modules', 'web/e2e/screenshots', 'coverage', 'data', '.nx', 'tmp'] },
  ...tseslint.configs.recommended,
  {
    files: ['**/*.ts', '**/*.tsx'],
    plugins: { '@nx': nx },
    // Nest reads constructor parameter types at run time: the lint rules must know metadata is emitted.
    languageOptions: { parserOptions: { emitDecoratorMetadata: true, experimentalDecorators: true } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/ban-ts-comment': 'error',
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports', disallowTypeAnnotations: false }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      // Services, the gateway and the web app never import one another; contracts import no framework.
      '@nx/enforce-module-boundaries': boundaries(nodeOnly),
    },
  },
  {
    // The gateway's system tests talk to its Socket.IO endpoint as the browser does, and to its API through the SDK
    // (libs/sdk, decision 106) as an integrator does; no shipped code uses the SDK.
    files: ['gateway/test/**/*.ts'],
    rules: { '@nx/enforce-module-boundaries': boundaries(nodeOnly.filter((name) => name !== 'socket.io-client'), ['type:contracts', 'type:infra', 'type:sdk']) },
  },
  {
    files: ['services/**/*.ts', 'libs/**/*.ts', 'gateway/**/*.ts'],
    ignores: ['**/*.spec.ts', '**/*.int-spec.ts'],
    rules: { 'no-console': 'error' },
  },
  {
    // Test support (system starters, fakes of outside servers) is for tests only: no shipped code may reach it.
    files: ['**/*.ts', '**/*.tsx'],
    ignores: ['**/*.spec.ts', '**/*.int-spec.ts', '**/*.e2e-spec.ts', '**/test/**', 'web/e2e/**', 'libs/testing/**'],
    rules: { 'no-restricted-imports': ['error', { patterns: [{ group: ['@labeldesk/testing', '@labeldesk/testing/*'], message: 'libs/testing is for tests only' }] }] },
  },
  {
    // Contracts are shared by every process and the browser: they import zod and nothing else, but for the three
    // browser-safe data libraries each country's address rules come from (decision 098).
    files: ['libs/contracts/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(?!zod$|\\.{1,2}/|i18n-iso-countries(/langs/en\\.json)?$|postcode-validator$|country-region-data$)',
              message: 'contracts import nothing but zod and the address-rule data libraries of decision 098',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['services/orders/src/**/*.ts'],
    plugins: { orders: { rules: { 'feature-walls': ordersFeatureWalls } } },
    rules: { 'orders/feature-walls': 'error' },
  },
  {
    // The embedded launcher composes the built apps by path at run time, so no app imports another.
    files: ['scripts/embedded/src/main.ts'],
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    files: ['web/**/*.tsx', 'web/**/*.ts'],
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    // A component or hook past 80 lines loses its reader: split it into parts, a hook and pure helpers (issue 44).
    files: ['web/src/**/*.tsx', 'web/src/**/*.ts'],
    ignores: ['**/*.spec.ts', '**/*.spec.tsx'],
    rules: { 'max-lines-per-function': ['error', { max: 80, skipBlankLines: true, skipComments: true, IIFEs: true }] },
  },
  {
    files: ['**/*.js', '**/*.mjs', '**/*.cjs'],
    languageOptions: { globals: { require: 'readonly', module: 'writable', __dirname: 'readonly', process: 'readonly', console: 'readonly' } },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
];
