import { defineConfig, type Project } from '@playwright/test';
import { CHROME_ARGS, findTestChrome, FULL_CHROMIUM, MISSING_CHROME_MESSAGE } from './scripts/find-chrome.ts';

const PORT = Number(process.env['E2E_PORT'] ?? 4322);
const baseURL = `http://127.0.0.1:${PORT}`;
const executablePath = findTestChrome();
if (!executablePath) throw new Error(MISSING_CHROME_MESSAGE);
/**
 * The editor's tests drive Keystatic's app as the owner does, in the desktop browser's own headless
 * mode (FULL_CHROMIUM in scripts/find-chrome.ts says why). Every other test runs in the headless shell,
 * which draws the same pages in about half the time on two cores.
 */
const ownersBrowser = FULL_CHROMIUM;

/**
 * The three widths the end-to-end tests run at. A test tagged `@one-width` (its answer cannot
 * depend on the width: words as written, links, the head) runs at phone width only.
 */
const widths: Project[] = [
  { name: 'phone', use: { viewport: { width: 375, height: 740 }, isMobile: true, hasTouch: true } },
  { name: 'tablet', use: { viewport: { width: 800, height: 1024 } }, grepInvert: /@one-width/ },
  { name: 'desktop', use: { viewport: { width: 1280, height: 800 } }, grepInvert: /@one-width/ },
].map((project) => ({ ...project, testMatch: 'e2e/**/*.spec.ts' }));

/** HTTP-only checks (no page to render): run once, not at each width. */
const http: Project = { name: 'http', testMatch: 'http/**/*.spec.ts' };

/**
 * Analytics builds (each provider, the first-party path) against a stand-in collector, and the
 * default build's dataLayer: once, at phone width, where every call to action (the buy bar too)
 * and the carousel show.
 */
const analytics: Project = {
  name: 'analytics',
  // A pattern anchored at tests/: testMatch is matched against the whole path, folders above included.
  testMatch: /[\\/]tests[\\/]analytics[\\/][^\\/]+\.spec\.ts$/,
  use: { viewport: { width: 375, height: 740 }, isMobile: true, hasTouch: true },
};

/**
 * The browser editor (`npm run edit`) in a copy of the project: once, at a laptop's width (and a
 * phone's by a resize where a test asks). A save is a round trip through the editor's server, which
 * reads and writes the owner's files: on a 2-core machine shared with other builds that takes
 * seconds, so the editor's expectations wait longer than a page test's (a guard, not a speed claim).
 */
const editor: Project = {
  name: 'editor',
  testMatch: 'editor/**/*.spec.ts',
  use: { viewport: { width: 1280, height: 900 }, launchOptions: ownersBrowser },
  expect: { timeout: 60_000 },
};

/**
 * Split tests: a production build with a test running on `/`, built in a copy of the project and
 * served by our server, nginx and wrangler; once, at a laptop's width.
 */
const experiments: Project = {
  name: 'experiments',
  testMatch: /[\\/]tests[\\/]experiments[\\/][^\\/]+\.spec\.ts$/,
  use: { viewport: { width: 1280, height: 800 } },
};

/**
 * The hosted editor (Keystatic, GitHub mode) on the production server, against a stand-in for
 * GitHub over a git repository on disk: once, at a laptop's width.
 */
const hostedEditor: Project = {
  name: 'hosted-editor',
  testMatch: 'hosted-editor/**/*.spec.ts',
  use: {
    viewport: { width: 1280, height: 900 },
    screenshot: 'only-on-failure',
    launchOptions: ownersBrowser,
  },
};

/** The deploy hook of a self-hosted server: a git repository on disk, a real build, load during the swap. */
const deployHook: Project = { name: 'deploy-hook', testMatch: 'deploy-hook/**/*.spec.ts' };

export default defineConfig({
  testDir: 'tests',
  fullyParallel: true,
  forbidOnly: !!process.env['CI'],
  retries: process.env['CI'] ? 1 : 0,
  workers: 2,
  // A guard against a hang, not a speed claim (speed is `npm run bench`): an axe scan or a page walk
  // takes 3 to 5 s on a quiet 2-core machine and three times that on a busy one.
  timeout: 45_000,
  expect: { timeout: 5_000 },
  reporter: [
    ['list'],
    ['./tests/slowest-reporter.ts'],
    ...(process.env['CI'] ? [['html', { open: 'never' }] as const] : []),
  ],
  // Playwright's own line for test files that take long as a whole.
  reportSlowTests: { max: 5, threshold: 60_000 },
  use: {
    baseURL,
    browserName: 'chromium',
    // Sections slide in as they enter the view and the page scrolls smoothly: a tap aimed while
    // its target still moves can land beside it. Tests run as a visitor who prefers reduced motion
    // (the page then holds still); the tests of the motion itself ask for it (`no-preference`).
    reducedMotion: 'reduce',
    launchOptions: { executablePath, args: CHROME_ARGS },
    // Recording a trace of every test took about a sixth of the run; CI retries a failed test once,
    // with its trace.
    trace: 'on-first-retry',
    // Guards against a hang, not speed claims: a navigation or an action that has not finished in
    // a minute fails there, with its own message, rather than holding the test until its timeout.
    navigationTimeout: 60_000,
    actionTimeout: 60_000,
  },
  // Workers take tests in this order. The long groups that run one test after another (the editor's
  // is the longest chain of the run) go first, so the page tests fill the other worker beside them
  // instead of leaving it idle at the end.
  projects: [editor, hostedEditor, analytics, experiments, deployHook, ...widths, http],
  webServer: {
    // The production build, served by our own server exactly as `npm start` does.
    command: 'npm run serve',
    env: { PORT: String(PORT), HOST: '127.0.0.1', LOG_LEVEL: 'warn' },
    url: `${baseURL}/`,
    reuseExistingServer: !process.env['CI'],
    // A guard against a hang, not a speed claim (speed is `npm run bench`): an axe scan or a page walk
    // takes 3 to 5 s on a quiet 2-core machine and three times that on a busy one.
    timeout: 45_000,
  },
});
