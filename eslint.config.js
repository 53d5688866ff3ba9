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
 * Outside src/: deploy/ (the headers, redirects and host configs) imports nothing of ours; the
 * server reads deploy/; scripts use src/, server/ and deploy/; integrations/ (the build's wiring)
 * is read by astro.config.ts alone; only tests/ may import tests/.
 */
const TREE_RULES = [
  {
    target: 'deploy',
    from: ['src', 'server', 'scripts', 'tests'],
    message: 'deploy/ is the bottom: it imports nothing of ours.',
  },
  {
    target: 'server',
    from: ['src', 'scripts', 'tests'],
    message: 'The server reads only deploy/ and the build.',
  },
  {
    target: 'src',
    from: ['server', 'scripts', 'tests'],
    message: 'The site does not import tooling or tests.',
  },
  {
    target: 'scripts',
    from: ['tests'],
    message: 'A script never imports a test: move the shared piece into scripts/lib/.',
  },
  {
    target: ['src', 'server', 'deploy', 'scripts'],
    from: 'integrations',
    message: 'integrations/ is the build’s wiring, read by astro.config.ts (and its tests) only.',
  },
  { target: './*.ts', from: ['tests'], message: 'Project configs do not import tests.' },
  {
    // The browser editor's code (keystatic.config.ts and `npm run edit` use it): visitors' pages never carry it.
    target: LAYERS.flat(),
    from: ['src/editor'],
    message: 'src/editor/ is the browser editor: the site never imports it.',
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
    files: ['src/**'],
    rules: {
      'import-x/no-namespace': 'error',
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
