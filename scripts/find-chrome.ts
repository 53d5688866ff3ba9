/**
 * Finds a Chromium for the end-to-end tests and the benchmark, in this order:
 * CHROME_PATH; the Chromium of this project's Playwright version, where `npx playwright install
 * chromium` put one (as the GitHub workflows do: on GitHub's Ubuntu runner that is the browser
 * Playwright supports, where Ubuntu's own is a snap); the system's chromium or chrome; any other
 * Chromium in Playwright's browser cache. Tests never download a browser. As a script (`node scripts/find-chrome.ts`), it
 * prints the path, or installs Debian's chromium when it is root on a machine with
 * apt-get, or stops with a message naming what to install.
 */
import { execFileSync } from 'node:child_process';
import { accessSync, constants, existsSync, readdirSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { chromium } from '@playwright/test';

const SYSTEM_CANDIDATES = [
  '/usr/bin/chromium',
  '/usr/bin/chromium-browser',
  '/usr/bin/google-chrome',
  '/usr/bin/google-chrome-stable',
  '/snap/bin/chromium',
  '/Applications/Google Chrome.app/Contents/MacOS/Google Chrome',
  '/Applications/Chromium.app/Contents/MacOS/Chromium',
];

function executable(path: string): boolean {
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

function playwrightCache(): string[] {
  const root = process.env['PLAYWRIGHT_BROWSERS_PATH'] ?? join(homedir(), '.cache', 'ms-playwright');
  if (!existsSync(root)) return [];
  return readdirSync(root)
    .filter((name) => name.startsWith('chromium'))
    .sort()
    .reverse()
    .flatMap((name) => [
      join(root, name, 'chrome-linux', 'chrome'),
      join(root, name, 'chrome-linux64', 'chrome'),
      join(root, name, 'chrome-mac', 'Chromium.app', 'Contents', 'MacOS', 'Chromium'),
    ]);
}

/** Where `npx playwright install chromium` puts the build this project's Playwright drives. */
function playwrightsOwn(): string[] {
  try {
    return [chromium.executablePath()];
  } catch {
    return [];
  }
}

function fromEnvironment(env: NodeJS.ProcessEnv): string | null {
  const fromEnv = env['CHROME_PATH'];
  if (!fromEnv) return null;
  if (executable(fromEnv)) return fromEnv;
  throw new Error(`CHROME_PATH is set to "${fromEnv}", which is not an executable file.`);
}

/** The first usable Chromium, or null. */
export function findChrome(env: NodeJS.ProcessEnv = process.env): string | null {
  return (
    fromEnvironment(env) ??
    [...playwrightsOwn(), ...SYSTEM_CANDIDATES, ...playwrightCache()].find(executable) ??
    null
  );
}

/**
 * Chromium's headless shell beside Playwright's own Chromium (`npx playwright install chromium`
 * installs both, and Playwright itself runs the shell when headless), then Debian's package
 * `chromium-headless-shell`.
 */
function headlessShells(): string[] {
  const own = playwrightsOwn()[0];
  const revision = own?.match(/[\\/]chromium-(\d+)[\\/]/)?.[1];
  const cache = own && revision ? own.slice(0, own.indexOf(`chromium-${revision}`)) : null;
  const platforms = ['linux64', 'mac-arm64', 'mac-x64'];
  return [
    ...(cache
      ? platforms.map((platform) =>
          join(
            cache,
            `chromium_headless_shell-${revision}`,
            `chrome-headless-shell-${platform}`,
            'chrome-headless-shell',
          ),
        )
      : []),
    '/usr/bin/chromium-headless-shell',
  ];
}

/**
 * The Chromium the browser tests run: CHROME_PATH when set, else the headless shell (the same
 * engine without the desktop browser around it, which Playwright runs by default; on a 2-core
 * machine the page tests take about half the time they take in the full browser's headless
 * mode), else any Chromium.
 */
export function findTestChrome(env: NodeJS.ProcessEnv = process.env): string | null {
  return fromEnvironment(env) ?? headlessShells().find(executable) ?? findChrome(env);
}

/** Flags that let headless Chromium run as root in a closed network. */
export const CHROME_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export const MISSING_CHROME_MESSAGE =
  'No Chromium found. Install one and run again: "npx playwright install --with-deps chromium", Debian "sudo apt-get install -y chromium", ' +
  'macOS "brew install --cask chromium", or set CHROME_PATH to a Chrome or Chromium executable.';

/** Finds Chromium, installing Debian's package when running as root with apt-get; else null. */
export function ensureChrome(): string | null {
  const found = findChrome();
  if (found) return found;
  const canApt = process.getuid?.() === 0 && existsSync('/usr/bin/apt-get');
  if (!canApt) return null;
  console.log('No Chromium found: installing Debian package "chromium" with apt-get...');
  execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit' });
  execFileSync('apt-get', ['install', '-y', '-qq', 'chromium'], {
    stdio: 'inherit',
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
  return findChrome();
}

if (import.meta.main) {
  const path = ensureChrome();
  if (!path) {
    console.error(MISSING_CHROME_MESSAGE);
    process.exit(1);
  }
  console.log(path);
}
