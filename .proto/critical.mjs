import { readFileSync, writeFileSync, cpSync, rmSync, mkdirSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { join } from 'node:path';
import postcss from 'postcss';
import { Window } from 'happy-dom';
import { brotliCompressSync, constants } from 'node:zlib';
const br = (t) => brotliCompressSync(Buffer.from(t), { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length;

const SRC = '/work/main/dist', OUT = '/tmp/proto-dist';
rmSync(OUT, { recursive: true, force: true });
cpSync(SRC, OUT, { recursive: true });

function critical(html, css) {
  const window = new Window();
  window.document.write(html);
  const doc = window.document;
  const second = doc.querySelectorAll('main > section')[1];
  const all = [...doc.querySelectorAll('*')];
  const first = new Set(all.filter((el) => !second.contains(el) && (second.compareDocumentPosition(el) & 2)));
  const root = postcss.parse(css);
  const matchesAny = (selector) => {
    let sel = selector.replace(/::?[a-zA-Z-]+(\((?:[^()]|\([^()]*\))*\))?/g, (m) => (/^:(not|is|where)\(/.test(m) ? m : '')).trim();
    if (!sel || /^[>+~]/.test(sel) || /[>+~]$/.test(sel)) return true;
    try { for (const el of first) if (el.matches(sel)) return true; } catch { return true; }
    return false;
  };
  root.walkRules((rule) => {
    if (rule.parent?.type === 'atrule' && /keyframes/.test(rule.parent.name)) return;
    if (!rule.selectors.some(matchesAny)) rule.remove();
  });
  root.walkAtRules((at) => { if (at.nodes && at.nodes.length === 0) at.remove(); });
  // @property rules only for the variables the kept rules use.
  const text = root.toString();
  root.walkAtRules('property', (at) => {
    const uses = text.split(`var(${at.params}`).length - 1;
    if (uses === 0) at.remove();
  });
  return root.toString();
}

for (const page of ['index.html', 'community/index.html']) {
  const file = join(OUT, page);
  let html = readFileSync(file, 'utf8');
  const styles = [...html.matchAll(/<style>([\s\S]*?)<\/style>/g)];
  const big = styles.find((m) => m[1].includes('tailwindcss'));
  const full = big[1];
  const crit = critical(html, full);
  const name = `site.${createHash('sha256').update(full).digest('hex').slice(0, 8)}.css`;
  writeFileSync(join(OUT, '_astro', name), full);
  html = html.replace(big[0], `<style>${crit}</style>`);
  // The rest loads where the second section starts: it holds back only what follows it.
  html = html.replace(/(<section id="[^"]+"[^>]*>)/g, (m, _s, offset) => m); 
  const secondAt = [...html.matchAll(/<section /g)][1].index;
  html = html.slice(0, secondAt) + `<link rel="stylesheet" href="/_astro/${name}">` + html.slice(secondAt);
  // The page's policy: the new style's hash for the old one's.
  const hash = (t) => `'sha256-${createHash('sha256').update(t).digest('base64')}'`;
  html = html.replace(hash(full), hash(crit));
  if (process.env.PROTO_SCRIPT) {
    const boot = [...html.matchAll(/<script type="module">([\s\S]*?)<\/script>/g)][0];
    const js = `boot.${createHash('sha256').update(boot[1]).digest('hex').slice(0, 8)}.js`;
    writeFileSync(join(OUT, '_astro', js), boot[1]);
    html = html.replace(boot[0], `<script type="module" src="/_astro/${js}"></script>`);
    html = html.replace(hash(boot[1]) + ' ', '').replace(' ' + hash(boot[1]), '');
  }
  writeFileSync(file, html);
  console.log(page, 'full css br', br(full), 'critical br', br(crit), 'critical raw', crit.length, 'html br', br(html), 'before', readFileSync(join(SRC, page + '.br')).length);
}

import { execFileSync } from 'node:child_process';
execFileSync(process.execPath, ['/work/main/scripts/compress.ts', OUT], { stdio: 'inherit' });
for (const page of ['index.html', 'community/index.html']) console.log(page, 'served br', readFileSync(join(OUT, page + '.br')).length);
