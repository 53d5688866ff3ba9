/// <reference types="vitest/config" />
import { getViteConfig } from 'astro/config';

// Astro's Vite config, so astro:env and the rest resolve in tests as they do in the build.
export default getViteConfig({
  test: {
    include: ['tests/unit/**/*.test.{ts,tsx}'],
    environment: 'happy-dom',
    setupFiles: ['tests/unit/setup.ts'],
    restoreMocks: true,
    // A guard against a hang, not a speed claim: several tests start real servers and processes,
    // which take seconds on a busy machine. Speed is measured by `npm run bench`.
    testTimeout: 20_000,
  },
});
