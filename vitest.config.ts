/// <reference types="vitest/config" />
import { getViteConfig } from 'astro/config';
import { realpathSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { dirname } from 'node:path';
import { searchForWorkspaceRoot } from 'vite';

// Astro's Vite config, so virtual:page-settings and the rest resolve in tests as they do in the build.
export default getViteConfig({
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
    // A file pays for a DOM and Testing Library only when it uses them: building a happy-dom
    // window and importing React's test tools for every file took more time than most tests.
    projects: [
      {
        // Logic, builds and servers in Node; a file that needs a DOM says
        // `// @vitest-environment happy-dom` on its first line.
        extends: true,
        test: { name: 'unit', include: ['tests/unit/**/*.test.ts'], environment: 'node' },
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
