/**
 * Before the end-to-end tests: makes sure Chromium and nginx are there. Where one is missing and
 * this runs as root on a Debian/Ubuntu machine, installs it with apt-get; otherwise stops with a
 * message naming what to install.
 */
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { NGINX_CANDIDATES } from './lib/nginx-bin.ts';
import { ensureChrome, MISSING_CHROME_MESSAGE } from './find-chrome.ts';

const chrome = ensureChrome();
if (!chrome) {
  console.error(MISSING_CHROME_MESSAGE);
  process.exit(1);
}

if (!NGINX_CANDIDATES.some((path) => path && existsSync(path))) {
  if (process.getuid?.() === 0 && existsSync('/usr/bin/apt-get')) {
    console.log('No nginx found: installing Debian package "nginx" with apt-get...');
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
    execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
    execFileSync('apt-get', ['install', '-y', '-qq', 'nginx'], { stdio: 'inherit', env });
  } else {
    console.error(
      'nginx is needed for the host parity tests: install it (apt-get install nginx, brew install nginx) or set NGINX_BIN.',
    );
    process.exit(1);
  }
}
