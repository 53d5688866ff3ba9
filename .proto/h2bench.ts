import { createSecureServer } from 'node:http2';
import { createServer } from 'node:http';
import { readFileSync, existsSync, statSync } from 'node:fs';
import { join, extname } from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';

const TYPES: Record<string, string> = { '.html': 'text/html; charset=utf-8', '.css': 'text/css', '.js': 'text/javascript', '.woff2': 'font/woff2', '.svg': 'image/svg+xml', '.png': 'image/png', '.avif': 'image/avif', '.webp': 'image/webp' };
function handler(root: string) {
  return (req: any, res: any) => {
    let path = decodeURIComponent(new URL(req.url, 'http://x').pathname);
    let file = join(root, path);
    if (existsSync(file) && statSync(file).isDirectory()) file = join(file, 'index.html');
    if (!existsSync(file)) { res.writeHead(404); res.end(); return; }
    const headers: Record<string, string> = { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' };
    let body = readFileSync(file);
    if (/br/.test(req.headers['accept-encoding'] ?? '') && existsSync(file + '.br')) { body = readFileSync(file + '.br'); headers['content-encoding'] = 'br'; }
    res.writeHead(200, headers); res.end(body);
  };
}
const dirs = process.argv.slice(2);
const servers: { name: string; origin: string }[] = [];
for (const [i, dir] of dirs.entries()) {
  const h2 = createSecureServer({ key: readFileSync('/tmp/h2/key.pem'), cert: readFileSync('/tmp/h2/cert.pem'), allowHTTP1: true }, handler(dir));
  await new Promise<void>((r) => h2.listen(4900 + i, '127.0.0.1', () => r()));
  servers.push({ name: `${dir} h2`, origin: `https://127.0.0.1:${4900 + i}` });
  const h1 = createServer(handler(dir));
  await new Promise<void>((r) => h1.listen(4950 + i, '127.0.0.1', () => r()));
  servers.push({ name: `${dir} h1`, origin: `http://127.0.0.1:${4950 + i}` });
}
const chrome = await chromeLauncher.launch({ chromePath: '/usr/bin/chromium', chromeFlags: ['--headless=new', '--no-sandbox', '--ignore-certificate-errors'] });
const RUNS = Number(process.env.RUNS ?? 3);
const results = new Map<string, number[][]>();
for (let run = 0; run < RUNS; run++) for (const page of ['/', '/community']) for (const s of servers) {
  const r = await lighthouse(`${s.origin}${page}`, { port: chrome.port, logLevel: 'error', onlyCategories: ['performance'] });
  const a = r!.lhr.audits;
  const key = `${s.name} ${page}`;
  results.set(key, [...(results.get(key) ?? []), [a['first-contentful-paint'].numericValue!, a['largest-contentful-paint'].numericValue!]]);
}
chrome.kill();
const med = (xs: number[]) => xs.sort((a, b) => a - b)[Math.floor(xs.length / 2)];
for (const [k, v] of results) console.log(k.padEnd(45), 'FCP', Math.round(med(v.map((x) => x[0]))), 'LCP', Math.round(med(v.map((x) => x[1]))));
process.exit(0);
