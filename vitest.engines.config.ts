import { defineConfig } from 'vitest/config';

// The cross-engine suite (tests/engines/): real browsers against the built site, in Node.
export default defineConfig({
  test: {
    include: ['tests/engines/**/*.test.ts'],
    environment: 'node',
    globalSetup: ['tests/engines/global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    // One file per engine, side by side; the tests of a file share one browser and run in order.
    maxWorkers: 3,
    fileParallelism: true,
  },
});
