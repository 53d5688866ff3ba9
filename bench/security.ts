/**
 * `npm run bench:security`: the grade the MDN HTTP Observatory scanner gives the site as nginx
 * serves it with the generated config, on localhost ports 80 (redirecting) and 443 (TLS with a
 * certificate from a throwaway local certificate authority, trusted through NODE_EXTRA_CA_CERTS).
 * A benchmark, not a CI gate. Needs root (ports 80 and 443), nginx and openssl.
 * The scanner is installed on first use into bench-results/observatory with --ignore-scripts
 * (its install scripts download data this network cannot reach) and an empty HSTS preload list.
 * BENCH_EXPERIMENT=1 grades the build with the sample split test running on / instead
 * (harness/sample-experiment.ts): its pages under test carry their own caching headers.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { runNginx, siteConfig } from '../harness/nginx.ts';
import { buildWithSampleExperiment } from '../harness/sample-experiment.ts';

const WORK = resolve('bench-results/observatory');
const SCANNER = join(WORK, 'node_modules/@mdn/mdn-http-observatory');
const HOST = 'localhost';

function run(command: string, args: string[], options: { cwd?: string; env?: NodeJS.ProcessEnv } = {}) {
  return execFileSync(command, args, { stdio: 'pipe', ...options }).toString();
}

function installScanner() {
  if (existsSync(join(SCANNER, 'src/scan.js'))) return;
  console.log('installing @mdn/mdn-http-observatory (once, --ignore-scripts)…');
  mkdirSync(WORK, { recursive: true });
  writeFileSync(join(WORK, 'package.json'), '{ "private": true }\n');
  run('npm', ['install', '--ignore-scripts', '--no-audit', '--no-fund', '@mdn/mdn-http-observatory'], {
    cwd: WORK,
  });
}

function makeCertificates(dir: string) {
  const ssl = (...args: string[]) => run('openssl', args, { cwd: dir });
  ssl(
    'req',
    '-x509',
    '-newkey',
    'rsa:2048',
    '-nodes',
    '-keyout',
    'ca.key',
    '-out',
    'ca.pem',
    '-days',
    '2',
    '-subj',
    '/CN=Build Equity bench CA',
  );
  ssl(
    'req',
    '-newkey',
    'rsa:2048',
    '-nodes',
    '-keyout',
    'site.key',
    '-out',
    'site.csr',
    '-subj',
    `/CN=${HOST}`,
  );
  writeFileSync(join(dir, 'san.ext'), `subjectAltName=DNS:${HOST},IP:127.0.0.1\n`);
  ssl(
    'x509',
    '-req',
    '-in',
    'site.csr',
    '-CA',
    'ca.pem',
    '-CAkey',
    'ca.key',
    '-CAcreateserial',
    '-out',
    'site.pem',
    '-days',
    '2',
    '-extfile',
    'san.ext',
  );
}

async function main() {
  if (process.getuid?.() !== 0)
    throw new Error('bench:security listens on ports 80 and 443: run it as root.');
  installScanner();
  writeFileSync(join(SCANNER, 'conf/hsts-preload.json'), '{}\n');
  const prefix = join(WORK, 'nginx');
  rmSync(prefix, { recursive: true, force: true });
  mkdirSync(prefix, { recursive: true });
  makeCertificates(prefix);
  let root = resolve('dist');
  if (process.env['BENCH_EXPERIMENT']) {
    root = join(WORK, 'experiment-build');
    console.log('building the site with the sample split test running…');
    await buildWithSampleExperiment(root);
    // nginx's workers run as another user when it is started as root.
    chmodSync(root, 0o755);
  }
  const site = (await siteConfig(prefix, 443, root)).replace(
    'listen 127.0.0.1:443;',
    `listen 127.0.0.1:443 ssl http2;\n  ssl_certificate ${prefix}/site.pem;\n  ssl_certificate_key ${prefix}/site.key;\n  ssl_protocols TLSv1.2 TLSv1.3;`,
  );
  const nginx = runNginx(
    prefix,
    `server {
  listen 127.0.0.1:80;
  server_name _;
  server_tokens off;
  return 301 https://$host$request_uri;
}
${site}`,
  );
  try {
    const out = spawnSync(process.execPath, [join(SCANNER, 'src/scan.js'), HOST], {
      env: { ...process.env, NODE_EXTRA_CA_CERTS: join(prefix, 'ca.pem') },
    }).stdout.toString();
    writeFileSync(resolve('bench-results/observatory.json'), out);
    const result = JSON.parse(out) as {
      error?: string;
      scan?: { grade: string; score: number; testsPassed: number; testsQuantity: number };
      tests?: Record<string, { pass: boolean; result: string; scoreModifier: number }>;
    };
    if (result.error || !result.scan) throw new Error(`scanner: ${result.error ?? out}`);
    console.log(
      `\nMDN HTTP Observatory, https://${HOST} served by nginx with deploy/nginx.conf${process.env['BENCH_EXPERIMENT'] ? ', a split test running on /' : ''}`,
    );
    for (const [name, test] of Object.entries(result.tests ?? {})) {
      console.log(
        `  ${test.pass ? 'pass' : 'FAIL'}  ${name.padEnd(32)} ${test.result} (${test.scoreModifier >= 0 ? '+' : ''}${test.scoreModifier})`,
      );
    }
    console.log(
      `grade ${result.scan.grade}, score ${result.scan.score}, ${result.scan.testsPassed}/${result.scan.testsQuantity} tests passed (aim: A+, 100 or more)`,
    );
  } finally {
    nginx.stop();
  }
}

await main();
