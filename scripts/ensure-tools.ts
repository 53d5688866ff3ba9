/**
 * Before the end-to-end tests: makes sure Chromium, nginx and Java (17 or later, for the Nu Html
 * Checker) are there. Where one is missing and this runs as root on a Debian/Ubuntu machine,
 * installs it with apt-get; otherwise stops with a message naming what to install.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { NGINX_CANDIDATES } from './lib/nginx-bin.ts';
import { ensureChrome, MISSING_CHROME_MESSAGE } from './find-chrome.ts';

const chrome = ensureChrome();
if (!chrome) {
  console.error(MISSING_CHROME_MESSAGE);
  process.exit(1);
}

const canApt = process.getuid?.() === 0 && existsSync('/usr/bin/apt-get');

function aptInstall(pkg: string, what: string): void {
  console.log(`No ${what} found: installing Debian package "${pkg}" with apt-get...`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
  execFileSync('apt-get', ['install', '-y', '-qq', pkg], { stdio: 'inherit', env });
}

if (!NGINX_CANDIDATES.some((path) => path && existsSync(path))) {
  if (canApt) aptInstall('nginx', 'nginx');
  else {
    console.error(
      'nginx is needed for the host parity tests: install it (apt-get install nginx, brew install nginx) or set NGINX_BIN.',
    );
    process.exit(1);
  }
}

/** The Java major version on the PATH (or JAVA_HOME), or 0 when there is none. */
function javaVersion(): number {
  const java = process.env['JAVA_HOME'] ? `${process.env['JAVA_HOME']}/bin/java` : 'java';
  const result = spawnSync(java, ['-version'], { encoding: 'utf8' });
  const match = /version "(?:1\.)?(\d+)/.exec(`${result.stderr ?? ''}${result.stdout ?? ''}`);
  return match ? Number(match[1]) : 0;
}

if (javaVersion() < 17) {
  if (canApt && !process.env['JAVA_HOME']) aptInstall('default-jre-headless', 'Java 17 or later');
  if (javaVersion() < 17) {
    console.error(
      'Java 17 or later is needed for the Nu Html Checker (tests/http/html-validator.spec.ts): install it (apt-get install default-jre-headless, brew install openjdk) or set JAVA_HOME.',
    );
    process.exit(1);
  }
}
