import type { AstroIntegration } from 'astro';
import { writeFile } from 'node:fs/promises';
import { EXPERIMENTS_FILE } from '../runtime/rules.ts';
import { readRunningList } from '../src/content/experiments.ts';

/**
 * Lists the running split tests and their variants' files (runtime/experiments.ts EXPERIMENTS_FILE)
 * for every host; nothing is written while none runs, so such a build is the site as written.
 */
export function experimentsList(): AstroIntegration {
  return {
    name: 'experiments-list',
    hooks: {
      'astro:build:done': async ({ dir }) => {
        const running = readRunningList(process.cwd());
        if (running.length > 0)
          await writeFile(new URL(EXPERIMENTS_FILE, dir), `${JSON.stringify(running, null, 2)}\n`);
      },
    },
  };
}
