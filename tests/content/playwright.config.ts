/**
 * The content check's browser tests (`npm run test:content`, tests/content/check.ts), in the
 * suite's own projects (playwright.config.ts) narrowed to what an owner's content can break: the
 * first screen at 375, 800, 1280 and 1920 px, the byte budgets and the links of the whole build,
 * and the accessibility scans of the pages the change touches: the whole page, and each widget
 * state of the page's own test file, at phone width. What content changes is words and pictures,
 * whose names, roles and contrast are the same at every width (the suite scans a widget's states
 * at one width for that reason); the layout each width gives them is the first screen's tests'.
 * CONTENT_PAGES, set by the check, is a JSON list of those pages' addresses; unset, every page.
 */
import { readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { defineConfig, type Project } from '@playwright/test';
import suite from '../../playwright.config.ts';
import { PAGES, type PagePath } from '../../src/content/pages.ts';
import { PROJECT_ROOT } from '../../harness/project-copy.ts';
import {
  BUDGETS_SPEC,
  FIRST_SCREEN,
  FIRST_SCREEN_SPEC,
  pageScanTitle,
  WIDGET_SCANS,
} from '../support/content-reach.ts';

const A11Y_SPEC = 'tests/e2e/a11y.spec.ts';
const CRAWL_SPEC = 'tests/http/crawl.spec.ts';

const touched = process.env['CONTENT_PAGES']
  ? (JSON.parse(process.env['CONTENT_PAGES']) as string[])
  : undefined;

const exactly = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** A test file, by its path from the project's root. */
const file = (path: string) => new RegExp(`${exactly(path)}$`);
/** Every test of a file: a test's full title begins with its file's name. */
const testsOf = (path: string) => new RegExp(`(^|[\\/\\s])${exactly(basename(path))}\\s`);

/** The whole-page scans of the pages touched (each title begins with the address and a space). */
const pageScans = touched
  ? touched.map((path) => new RegExp(`(^|\\s)${exactly(pageScanTitle(path))}`))
  : [new RegExp(exactly(pageScanTitle('')))];
/** The test files of the site's own pages touched, whose widget states are scanned. */
const widgetFiles = (Object.keys(PAGES) as PagePath[])
  .filter((path) => !touched || touched.includes(path))
  .map((path) => `tests/e2e/${PAGES[path].name}.spec.ts`);

/**
 * The tests picked by title must still be written so: a title reworded in its file would leave
 * the check scanning nothing there, silently. Each file must name what is picked from it.
 */
for (const [path, title] of [
  [FIRST_SCREEN_SPEC, FIRST_SCREEN],
  [A11Y_SPEC, 'pageScanTitle('],
  ...widgetFiles.map((path) => [path, WIDGET_SCANS]),
] as const) {
  if (!readFileSync(join(PROJECT_ROOT, path), 'utf8').includes(title))
    throw new Error(
      `${path} has no test titled "${title}…", which the content check runs: rename it here too.`,
    );
}

function suiteProject(name: string): Project {
  const project = suite.projects?.find((candidate) => candidate.name === name);
  if (!project) throw new Error(`playwright.config.ts has no project ${name}.`);
  return project;
}

export default defineConfig({
  ...suite,
  testDir: join(PROJECT_ROOT, 'tests'),
  outputDir: join(PROJECT_ROOT, 'test-results/content'),
  reporter: [['list'], [join(PROJECT_ROOT, 'tests/slowest-reporter.ts')]],
  projects: [
    // At 375 px every first-screen test (the 1920 px one among them) and the scans.
    {
      ...suiteProject('phone'),
      testMatch: [FIRST_SCREEN_SPEC, A11Y_SPEC, ...widgetFiles].map(file),
      grep: [testsOf(FIRST_SCREEN_SPEC), ...pageScans, new RegExp(exactly(WIDGET_SCANS))],
    },
    // At 800 and 1280 px, how much of each page its words let the first screen show.
    ...['tablet', 'desktop'].map((name) => ({
      ...suiteProject(name),
      testMatch: file(FIRST_SCREEN_SPEC),
      grep: new RegExp(exactly(FIRST_SCREEN)),
    })),
    { ...suiteProject('http'), testMatch: [BUDGETS_SPEC, CRAWL_SPEC].map(file) },
  ],
  webServer: { ...(suite.webServer as object), cwd: PROJECT_ROOT } as typeof suite.webServer,
});
