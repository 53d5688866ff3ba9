import js from '@eslint/js';
import astro from 'eslint-plugin-astro';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/**
 * The layers of src/, top to bottom. A file may import from its own layer and the layers below it,
 * never from one above: pages compose components, components render content, content is read with
 * lib's helpers, and config holds plain values. (src/content.config.ts is Astro's collection
 * config, part of the content layer.)
 */
const LAYERS = [
  ['src/pages'],
  ['src/layouts'],
  ['src/components'],
  ['src/content', 'src/content.config.ts'],
  ['src/lib'],
  ['src/config'],
];
const upwardImports = LAYERS.slice(1).flatMap((targets, index) =>
  targets.map((target) => ({
    target,
    from: LAYERS.slice(0, index + 1).flat(),
    message: `${target} sits below ${LAYERS.slice(0, index + 1)
      .flat()
      .join(', ')}: move the shared piece down (a type or helper into src/lib, a value into src/config).`,
  })),
);

/**
 * Outside src/, rooms by what runs where (docs/ARCHITECTURE.md lists them). runtime/ is what runs
 * when a request arrives, on our Node server and in every host's function: it imports nothing of
 * ours. deploy/ reads a build and writes each host's config and functions from it and from
 * runtime/. server/ is our Node server: runtime/, deploy/ and the editor's Node face. integrations/
 * holds the build's steps (read by astro.config.ts): src/, runtime/ and deploy/. editor/ is the
 * editor with its faces (app/ and preview/ in the browser, api/ at request time, node/ for our
 * server, build/ for the builds): it reads src/, runtime/, deploy/ and integrations/, and only the
 * server, the root configs, scripts/, harness/, bench/ and tests/ import it. scripts/ may use any of
 * these; harness/ (what the tests and the benchmarks set up) any of these and scripts/; bench/ and
 * tests/ the harness too; only tests/ imports tests/, and nothing but tests/ imports bench/.
 */
const TREE_RULES = [
  {
    target: 'runtime',
    from: ['src', 'editor', 'server', 'deploy', 'scripts', 'integrations', 'harness', 'bench', 'tests'],
    message: 'runtime/ is the bottom: code every host runs at request time imports nothing of ours.',
  },
  {
    target: 'deploy',
    from: ['src', 'server', 'scripts', 'integrations', 'harness', 'bench', 'tests'],
    message: 'deploy/ writes host configs from runtime/ and the build: it imports only runtime/.',
  },
  {
    target: 'server',
    from: ['src', 'scripts', 'integrations', 'harness', 'bench', 'tests'],
    message: 'The server reads only runtime/, deploy/, the editor and the build.',
  },
  {
    target: 'integrations',
    from: ['server', 'scripts', 'harness', 'bench', 'tests', 'editor'],
    message:
      'A build step reads src/, runtime/ and deploy/ only: the editor’s own steps live in editor/build/.',
  },
  {
    // The site's layers import nothing outside src/.
    target: LAYERS.flat(),
    from: ['runtime', 'server', 'deploy', 'scripts', 'integrations', 'harness', 'bench', 'tests'],
    message:
      'The site does not import the hosts’ code, tooling or tests (the build reads the environment in integrations/).',
  },
  {
    // The editor's Node face (editor/node/) plugs into our server and takes its answers' types.
    target: ['editor/app', 'editor/preview', 'editor/api', 'editor/build'],
    from: ['server'],
    message: 'Only the editor’s Node face (editor/node/) reads the server.',
  },
  {
    target: 'editor',
    from: ['scripts', 'harness', 'bench', 'tests'],
    message: 'The editor reads src/, runtime/, deploy/ and integrations/: not tooling or tests.',
  },
  {
    target: ['src', 'editor'],
    from: ['./*.ts', './*.js'],
    message: 'Nothing in src/ or editor/ imports the project’s root configs: what they share lives in src/.',
  },
  {
    target: 'scripts',
    from: ['harness', 'bench', 'tests'],
    message:
      'A script never imports the harness, a benchmark or a test: move the shared piece into scripts/lib/.',
  },
  {
    // What the tests and the benchmarks both set up (a copy of the project, a production-like build,
    // nginx over a build, GitHub's stand-in, `npm run edit` in a copy, the content as the pages
    // read it): it reads the project's code like any tool, never a test or a benchmark.
    target: 'harness',
    from: ['bench', 'tests'],
    message: 'The harness serves the tests and the benchmarks: it imports neither.',
  },
  {
    target: 'bench',
    from: 'tests',
    message: 'A benchmark never imports a test: what both need lives in harness/.',
  },
  {
    target: './*.{ts,js}',
    from: ['harness', 'bench', 'tests'],
    message: 'Project configs do not import benchmarks or tests.',
  },
  {
    // The editor (`npm run edit`, the hosted editor's build and API): visitors' pages never carry it.
    target: 'src',
    from: ['editor'],
    message: 'editor/ is the editor: the site never imports it (move a rule both need down into src/).',
  },
];

export default tseslint.config(
  {
    ignores: [
      'dist/',
      '.astro/',
      'node_modules/',
      'test-results/',
      'playwright-report/',
      'bench-results/',
      '.vercel/',
      '.netlify/',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  ...astro.configs.recommended,
  {
    files: ['**/*.tsx'],
    ...jsxA11y.flatConfigs.strict,
    plugins: { ...jsxA11y.flatConfigs.strict.plugins, 'react-hooks': reactHooks },
    rules: {
      ...jsxA11y.flatConfigs.strict.rules,
      ...reactHooks.configs.recommended.rules,
    },
  },
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    // Which way imports may point (checked on resolved files, so every relative path counts).
    plugins: { 'import-x': importX },
    settings: { 'import-x/resolver-next': [createNodeResolver()] },
    rules: {
      'import-x/no-restricted-paths': ['error', { zones: [...upwardImports, ...TREE_RULES] }],
      'no-restricted-syntax': [
        'error',
        {
          selector: 'ImportNamespaceSpecifier[local.name=/^.{1,2}$/]',
          message: 'Name what you import: `import { hero } from …`, or a namespace with a real name.',
        },
      ],
    },
  },
  {
    files: ['src/**', 'editor/**'],
    rules: {
      'import-x/no-namespace': 'error',
    },
  },
  {
    // A function a reader can hold: split a longer one into named steps (tests are exempt).
    files: [
      '{src,editor,server,runtime,deploy,scripts,integrations,harness,bench}/**/*.{ts,tsx,js,astro}',
      // The project's configs: astro.config.ts, the test runners', this file.
      '*.config.{ts,js}',
    ],
    // GitHub's stand-in answers every path in one router (218 lines), as it did under tests/ (which
    // are exempt): split it when it is next changed.
    ignores: ['harness/github-stand-in.ts'],
    rules: {
      'max-lines-per-function': ['error', { max: 80, skipBlankLines: true, skipComments: true }],
    },
  },
  {
    // Colour comes from the surface a component sits on, never from a prop it is handed.
    files: ['src/components/**'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: 'ImportNamespaceSpecifier[local.name=/^.{1,2}$/]',
          message: 'Name what you import: `import { hero } from …`, or a namespace with a real name.',
        },
        {
          selector: ':matches(TSPropertySignature, Property)[key.name=/^(tone|dark|isDark)$/]',
          message:
            'No tone prop: write colour roles (text-muted-fg, bg-card, border-border) and let the surface set them; a section wrapper picks a surface with data-surface.',
        },
        {
          selector: 'ConditionalExpression[test.name=/^(tone|dark|isDark|light)$/]',
          message:
            'No colour branch: write colour roles (text-muted-fg, bg-card, border-border) and let the surface set them.',
        },
      ],
    },
  },
);
