/**
 * Before the cross-engine suite: installs what it needs (Firefox ESR, WebKitGTK's WebDriver,
 * Xvfb, openssl) with apt-get when missing and this runs as root on a Debian/Ubuntu machine.
 * Where that cannot be done it only says so: the suite then skips those engines with the same
 * message, and every other test still runs; under CI (`CI=true`) it fails instead.
 */
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { missingPackages } from './find-engines.ts';
import { onCi } from './lib/ci.ts';

const missing = missingPackages().filter((name) => name !== 'chromium'); // Chromium: scripts/find-chrome.ts
if (missing.length > 0) {
  if (process.getuid?.() === 0 && existsSync('/usr/bin/apt-get')) {
    console.log(`Cross-engine tests: installing Debian package(s) ${missing.join(', ')} with apt-get...`);
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
    try {
      execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
      execFileSync('apt-get', ['install', '-y', '-qq', '--no-install-recommends', ...missing], {
        stdio: 'inherit',
        env,
      });
    } catch {
      console.warn(
        `Cross-engine tests: apt-get could not install ${missing.join(', ')}; those engines skip.`,
      );
    }
  } else {
    console.warn(
      `Cross-engine tests: ${missing.join(', ')} missing and this is not root on Debian/Ubuntu, so those ` +
        `engines skip (install with: sudo apt-get install -y ${missing.join(' ')}).`,
    );
  }
}
if (onCi() && missingPackages().filter((name) => name !== 'chromium').length > 0) {
  console.error(`Cross-engine tests: CI=true and ${missingPackages().join(', ')} still missing: failing.`);
  process.exit(1);
}
