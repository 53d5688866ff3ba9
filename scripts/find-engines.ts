/**
 * What the cross-engine suite needs from the machine: Firefox ESR, WebKitGTK's WebDriver and its
 * MiniBrowser, Xvfb (WebKitGTK draws into an X display), openssl (the throwaway certificate) and,
 * for the console check, a Chromium. All are Debian packages; `scripts/ensure-engines.ts` installs
 * the missing ones with apt-get where it can. An engine skips only where its packages are not
 * installed; under CI (`CI=true`), where they are installed, a missing one fails the suite.
 */
import { accessSync, constants, existsSync, readdirSync } from 'node:fs';
import { findChrome } from './find-chrome.ts';
import { onCi } from './lib/ci.ts';

function executable(path: string | undefined): path is string {
  if (!path) return false;
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

const first = (...paths: (string | undefined)[]) => paths.find(executable) ?? null;

/** WebKitGTK's MiniBrowser, in the multiarch library folder of the libwebkit2gtk package. */
function findMiniBrowser(): string | null {
  const env = process.env['MINIBROWSER_PATH'];
  if (env) return executable(env) ? env : null;
  const roots = ['/usr/lib', '/usr/libexec'];
  const candidates: string[] = [];
  for (const root of roots) {
    if (!existsSync(root)) continue;
    for (const entry of readdirSync(root)) {
      for (const api of ['webkit2gtk-4.1', 'webkit2gtk-4.0', 'webkitgtk-6.0']) {
        candidates.push(`${root}/${entry}/${api}/MiniBrowser`, `${root}/${api}/MiniBrowser`);
      }
    }
  }
  return candidates.find(executable) ?? null;
}

export interface Tools {
  firefox: string | null;
  webkitDriver: string | null;
  miniBrowser: string | null;
  xvfb: string | null;
  openssl: string | null;
  chromium: string | null;
}

export function findTools(): Tools {
  return {
    firefox: first(process.env['FIREFOX_PATH'], '/usr/bin/firefox-esr', '/usr/bin/firefox'),
    webkitDriver: first(process.env['WEBKIT_DRIVER_PATH'], '/usr/bin/WebKitWebDriver'),
    miniBrowser: findMiniBrowser(),
    xvfb: first('/usr/bin/Xvfb'),
    openssl: first('/usr/bin/openssl'),
    chromium: findChrome(),
  };
}

/** The Debian package that provides each tool. */
export const DEBIAN_PACKAGES: Record<keyof Tools, string> = {
  firefox: 'firefox-esr',
  webkitDriver: 'webkit2gtk-driver',
  miniBrowser: 'webkit2gtk-driver',
  xvfb: 'xvfb',
  openssl: 'openssl',
  chromium: 'chromium',
};

/** The packages still missing, or an empty list. */
export function missingPackages(tools: Tools = findTools()): string[] {
  const missing = (Object.keys(tools) as (keyof Tools)[]).filter((name) => !tools[name]);
  return [...new Set(missing.map((name) => DEBIAN_PACKAGES[name]))];
}

/** What an engine needs that is not installed here (a sentence), or null; under CI it throws instead. */
export function engineMissing(
  engine: 'firefox' | 'webkit' | 'chromium',
  tools: Tools = findTools(),
): string | null {
  const needs: (keyof Tools)[] =
    engine === 'firefox'
      ? ['firefox', 'openssl']
      : engine === 'webkit'
        ? ['webkitDriver', 'miniBrowser', 'xvfb', 'openssl']
        : ['chromium', 'openssl'];
  const missing = [...new Set(needs.filter((name) => !tools[name]).map((name) => DEBIAN_PACKAGES[name]))];
  if (missing.length === 0) return null;
  const reason =
    `${engine} needs the Debian package(s) ${missing.join(', ')}, not installed here ` +
    `(run as root on Debian/Ubuntu, or: sudo apt-get install -y ${missing.join(' ')})`;
  if (onCi()) throw new Error(`${reason}; CI=true: the cross-engine suite fails without it.`);
  return `${reason}: skipped.`;
}
