/// <reference types="vitest/config" />
import { getViteConfig } from 'astro/config';
import { globSync, readFileSync, realpathSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { dirname } from 'node:path';
import { searchForWorkspaceRoot } from 'vite';
import { pageFilesModule } from './editor/build/page-files.ts';

/** The unit tests (not components) that need a DOM: their first line is `// @vitest-environment happy-dom`. */
const DOM_FILES = globSync('tests/unit/**/*.test.ts').filter((file) =>
  readFileSync(file, 'utf8').startsWith('// @vitest-environment happy-dom\n'),
);

// Astro's Vite config, so virtual:page-settings and the rest resolve in tests as they do in the build.
export default getViteConfig({
  // The pages' names the editor's configuration reads, as the editor's own build gives them.
  plugins: [pageFilesModule()],
  // A copy of the project (the owner-edits proof's) links its packages from the project's
  // node_modules: Vite may serve files (a font's `?url`, which the editor's page imports) from
  // where they are installed, as it does in the project.
  server: {
    fs: { allow: [searchForWorkspaceRoot(process.cwd()), dirname(realpathSync('node_modules/astro'))] },
  },
  test: {
    restoreMocks: true,
    // Every core: Vitest's default leaves one to its main process, which on two cores ran the
    // files one at a time (about three minutes, where two at a time take two).
    maxWorkers: availableParallelism(),
    // A guard against a hang, not a speed claim: several tests start real servers and processes,
    // which take seconds on a busy machine. Speed is measured by `npm run bench`.
    testTimeout: 20_000,
    // A file pays for a DOM, Testing Library and a fresh worker only when it needs them: building a
    // happy-dom window, importing React's test tools and every module again for each file took
    // more time than most of the tests.
    projects: [
      {
        // Logic, builds and servers in Node. The files of a worker share its modules (imported
        // once, not once a file): none mocks a module or leaves a global or a variable changed.
        extends: true,
        test: { name: 'unit', include: ['tests/unit/**/*.test.ts'], exclude: DOM_FILES, isolate: false },
      },
      {
        // The files that say they need a DOM (happy-dom, as their first line says), each in a
        // worker of its own: some write into the document or mock a module as they are imported.
        extends: true,
        test: { name: 'dom', include: DOM_FILES },
      },
      {
        // Components drawn with Testing Library: its matchers, and cleanup after each test.
        extends: true,
        test: {
          name: 'components',
          include: ['tests/unit/**/*.test.tsx'],
          environment: 'happy-dom',
          setupFiles: ['tests/unit/setup.ts'],
        },
      },
    ],
  },
});
